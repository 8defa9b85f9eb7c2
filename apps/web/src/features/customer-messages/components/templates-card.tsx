import {
  CUSTOMER_MESSAGE_EVENT_LABELS,
  CUSTOMER_MESSAGE_EVENTS,
  PLACEHOLDER_DESCRIPTIONS,
  PLACEHOLDERS,
  type TCustomerMessageEvent,
  type TCustomerMessageTemplate,
  TEMPLATE_LIMITS,
} from '@loupe/domain/customer-messages/customer-messages';
import { useState } from 'react';
import { FormField } from '@/components/form-field';
import { SwitchField } from '@/components/switch-field';
import { TextareaField } from '@/components/textarea-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { placeholderError } from './customer-message-settings-model';
import { MessagePreview } from './message-preview';

/** One message per event, by SMS and e-mail, picked by event, with a live preview. */
export function TemplatesCard({
  templates,
  onTemplateChange,
  error,
}: {
  templates: Readonly<Record<TCustomerMessageEvent, TCustomerMessageTemplate>>;
  onTemplateChange: (event: TCustomerMessageEvent, changes: Partial<TCustomerMessageTemplate>) => void;
  /** Why the templates cannot be saved, naming the event (the one shown may not be the one at fault). */
  error?: string | undefined;
}) {
  const [event, setEvent] = useState<TCustomerMessageEvent>('received');
  const template = templates[event];
  const setTemplate = (changes: Partial<TCustomerMessageTemplate>) => onTemplateChange(event, changes);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Templates</CardTitle>
        <CardDescription>
          One message per event, by SMS and by e-mail. Placeholders:{' '}
          {PLACEHOLDERS.map((name) => `{{${name}}}`).join(' ')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <div role="tablist" aria-label="Message events" className="flex flex-wrap gap-2">
          {CUSTOMER_MESSAGE_EVENTS.map((candidate) => (
            <Button
              key={candidate}
              type="button"
              role="tab"
              aria-selected={candidate === event}
              variant={candidate === event ? 'default' : 'outline'}
              size="sm"
              onClick={() => setEvent(candidate)}
            >
              {CUSTOMER_MESSAGE_EVENT_LABELS[candidate]}
              {templates[candidate].enabled ? null : (
                <Badge variant="secondary" className="ml-1">
                  off
                </Badge>
              )}
            </Button>
          ))}
        </div>
        {error ? <p className="text-sm text-destructive">{error}</p> : null}
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="grid content-start gap-4">
            <SwitchField
              label={`Send "${CUSTOMER_MESSAGE_EVENT_LABELS[event]}"`}
              checked={template.enabled}
              onCheckedChange={(enabled) => setTemplate({ enabled })}
            />
            <TextareaField
              label="SMS"
              rows={4}
              maxLength={TEMPLATE_LIMITS.sms}
              value={template.sms}
              onValueChange={(sms) => setTemplate({ sms })}
              error={placeholderError(template.sms)}
            />
            <FormField
              label="E-mail subject"
              maxLength={TEMPLATE_LIMITS.emailSubject}
              value={template.emailSubject}
              onChange={(change) => setTemplate({ emailSubject: change.target.value })}
              error={placeholderError(template.emailSubject)}
            />
            <TextareaField
              label="E-mail"
              rows={8}
              maxLength={TEMPLATE_LIMITS.emailBody}
              value={template.emailBody}
              onValueChange={(emailBody) => setTemplate({ emailBody })}
              error={placeholderError(template.emailBody)}
            />
          </div>
          <MessagePreview template={template} />
        </div>
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">What each placeholder gives</summary>
          <dl className="mt-2 grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-4">
            {PLACEHOLDERS.map((name) => (
              <div key={name} className="contents">
                <dt className="font-mono">{`{{${name}}}`}</dt>
                <dd className="text-muted-foreground">{PLACEHOLDER_DESCRIPTIONS[name]}</dd>
              </div>
            ))}
          </dl>
        </details>
      </CardContent>
    </Card>
  );
}
