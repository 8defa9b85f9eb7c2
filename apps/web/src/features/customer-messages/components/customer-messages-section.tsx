import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCustomerMessageSettings } from '../api/get-customer-message-settings';
import { CustomerMessageOutbox } from './customer-message-outbox';
import { CustomerMessageSettingsForm } from './customer-message-settings-form';

/** Settings › customer messages (issue 15 §5): templates with a live preview, sending, the SMS sender, the outbox. */
export function CustomerMessagesSection() {
  return (
    <Tabs defaultValue="templates" className="grid grid-cols-1 gap-4">
      <TabsList aria-label="Customer messages" className="w-fit max-w-full">
        <TabsTrigger value="templates">Templates and sending</TabsTrigger>
        <TabsTrigger value="outbox">Outbox</TabsTrigger>
      </TabsList>
      <TabsContent value="templates">
        <CustomerMessageSettingsLoader />
      </TabsContent>
      <TabsContent value="outbox">
        <CustomerMessageOutbox />
      </TabsContent>
    </Tabs>
  );
}

function CustomerMessageSettingsLoader() {
  const query = useCustomerMessageSettings();
  if (query.isPending) return <SectionLoading label="Loading customer message settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <CustomerMessageSettingsForm key={JSON.stringify(query.data)} saved={query.data} />;
}
