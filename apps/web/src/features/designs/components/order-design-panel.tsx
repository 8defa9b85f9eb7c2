import { canViewDesignRequests } from '@loupe/domain/auth/permissions';
import { DESIGN_REQUEST_STATUS_LABELS } from '@loupe/domain/designs/design-requests';
import { DetailSection } from '@/components/detail-section';
import { Badge } from '@/components/ui/badge';
import { useAuth } from '@/lib/auth/auth-context';
import { useDesignRequest } from '../api/get-design-request';
import { useOrderDesignRequests } from '../api/get-design-requests';
import { RevisionCard } from './revision-card';

/**
 * The order page's "Design" panel (issue 17 §4): the order's design request, its status and latest revision
 * with thumbnails, which the salesperson (or an admin) sends to the customer or whose link they copy. Shown
 * only to those who see design requests, and only when the order has one.
 */
export function OrderDesignPanel({ orderId }: { readonly orderId: string }) {
  const { user } = useAuth();
  const mayView = canViewDesignRequests(user);
  // Asked for by order, so a delivered order keeps its design; the server narrows a salesperson to their own.
  const requests = useOrderDesignRequests(orderId, { enabled: mayView });
  const summary = requests.data?.find((request) => request.orderId === orderId) ?? null;
  const detail = useDesignRequest(summary?.id ?? null);
  if (!mayView || !summary) return null;
  const latest = detail.data?.revisions[0] ?? null;
  return (
    <DetailSection title="Design">
      <div className="grid gap-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="secondary">{DESIGN_REQUEST_STATUS_LABELS[summary.status]}</Badge>
          <span className="text-muted-foreground">
            {summary.designer ? `Designer: ${summary.designer.name}` : 'No designer yet'}
          </span>
        </p>
        {detail.isPending ? (
          <p className="text-sm text-muted-foreground">Loading the design…</p>
        ) : detail.isError ? (
          <p className="text-sm text-destructive">The design could not be loaded.</p>
        ) : latest ? (
          // canWork false: from the order page files are only looked at; sending stays open to whoever sees it.
          <RevisionCard
            requestId={summary.id}
            requestStatus={summary.status}
            revision={latest}
            canWork={false}
          />
        ) : (
          <p className="text-sm text-muted-foreground">No revision yet: the designer has not shared one.</p>
        )}
      </div>
    </DetailSection>
  );
}
