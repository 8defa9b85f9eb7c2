import type { TAlertQuery } from '@loupe/domain/alerts/alerts';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useAuth } from '@/lib/auth/auth-context';
import { AlertRulesForm } from '../components/alert-rules-form';
import { AlertsFeed } from '../components/alerts-feed';

/** /alerts (admin, manager, designer; the route guard checks): the feed, live, with its rules beside it. */
export function AlertsRoute() {
  const { user } = useAuth();
  const canManage = user?.role === 'admin' || user?.role === 'manager';
  const [query, setQuery] = useState<TAlertQuery & { status: NonNullable<TAlertQuery['status']> }>({
    status: 'open',
  });
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Alerts"
        description="Overdue, at-risk or stuck work, pieces gone too long, silent readers: raised by the server as reads and time pass."
      />
      <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <AlertsFeed query={query} onQueryChange={setQuery} canResolve={canManage} />
        <AlertRulesForm canEdit={canManage} />
      </div>
    </div>
  );
}
