import { useParams } from 'react-router';
import { LoadingSpinner } from '@/components/loading-spinner';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { usePublicTracking } from '../api/get-public-tracking';
import { PublicPage, PublicTrackingView } from '../components/public-tracking-view';

/** /t/:token (issue 15 §6): a job's stage for its customer, without signing in. */
export function PublicTrackingRoute() {
  const { token = '' } = useParams();
  const query = usePublicTracking(token);
  const config = useRuntimeConfig();
  if (query.isPending) return <LoadingSpinner fullScreen />;
  if (query.isError) {
    return (
      <PublicPage shopName={config.companyName}>
        <Message title="We could not load this page">
          Check your connection and try again in a moment.
        </Message>
      </PublicPage>
    );
  }
  if (query.data.kind === 'not-found') {
    return (
      <PublicPage shopName={config.companyName}>
        <Message title="This tracking link is not valid">
          It may have been replaced by a newer link. Please contact us and we will send you a new one.
        </Message>
      </PublicPage>
    );
  }
  return <PublicTrackingView tracking={query.data.tracking} />;
}

function Message({ title, children }: { title: string; children: string }) {
  return (
    <section className="grid gap-2 rounded-xl border bg-card p-5 text-center shadow-sm">
      <h1 className="text-xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">{children}</p>
    </section>
  );
}
