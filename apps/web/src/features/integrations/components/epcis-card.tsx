import type { ReactNode } from 'react';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { useEpcisCapture } from '../api/get-epcis-capture';
import { EpcisCaptureForm } from './epcis-capture-form';
import { EpcisCaptureStatus } from './epcis-capture-status';
import { EpcisExport } from './epcis-export';
import { EpcisQueryHelp } from './epcis-query-help';

function Part({ title, children }: { readonly title: string; readonly children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-3">
      <h3 className="text-base font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** Settings › integrations › EPCIS 2.0 (issue 41): capture to a repository, export, and the query endpoint. */
export function EpcisCard() {
  const query = useEpcisCapture();
  return (
    <Card>
      <CardHeader>
        <CardTitle>EPCIS 2.0</CardTitle>
        <CardDescription>
          Every tag, move, phase change, offsite trip and delivery of a job as a GS1 EPCIS 2.0 ObjectEvent
          (JSON-LD): captured to your EPCIS repository as it happens, exported for a range of days, or
          queried.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Part title="Capture">
          {query.isPending ? (
            <SectionLoading label="Loading the EPCIS capture settings" />
          ) : query.isError ? (
            <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />
          ) : (
            <>
              <EpcisCaptureForm saved={query.data} />
              <EpcisCaptureStatus saved={query.data} />
            </>
          )}
        </Part>
        <Separator />
        <Part title="Export events">
          <EpcisExport />
        </Part>
        <Separator />
        <Part title="Query endpoint">
          <EpcisQueryHelp />
        </Part>
      </CardContent>
    </Card>
  );
}
