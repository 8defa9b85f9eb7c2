import { APPROVAL_LINK_EXPIRED_MESSAGES } from '@loupe/domain/designs/design-approval-link';
import { useParams } from 'react-router';
import { LoadingSpinner } from '@/components/loading-spinner';
import { useRuntimeConfig } from '@/lib/runtime-config-context';
import { useDesignApproval } from '../api/get-design-approval';
import { ApprovalPage, DesignApprovalView } from '../components/design-approval-view';

/** /design-approval/:token (issue 17 §3): one revision for its customer to approve, without signing in. */
export function DesignApprovalRoute() {
  const { token = '' } = useParams();
  const query = useDesignApproval(token);
  const config = useRuntimeConfig();
  if (query.isPending) return <LoadingSpinner fullScreen />;
  if (query.isError || query.data.kind !== 'found') {
    const { title, text } = query.isError
      ? { title: 'We could not load this page', text: 'Check your connection and try again in a moment.' }
      : query.data.kind === 'expired'
        ? {
            title: 'This design link has expired',
            text: `${APPROVAL_LINK_EXPIRED_MESSAGES[query.data.reason]} If you have a question, please contact us.`,
          }
        : {
            title: 'This approval link is not valid',
            text: 'It may have been replaced by a newer design. Please contact us and we will send you a new link.',
          };
    return (
      <ApprovalPage shopName={config.companyName}>
        <section className="grid gap-2 rounded-xl border bg-card p-5 text-center shadow-sm">
          <h1 className="text-xl font-semibold">{title}</h1>
          <p className="text-muted-foreground">{text}</p>
        </section>
      </ApprovalPage>
    );
  }
  return <DesignApprovalView token={token} revision={query.data.revision} />;
}
