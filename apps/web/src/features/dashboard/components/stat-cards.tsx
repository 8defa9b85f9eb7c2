import { canViewRepairs } from '@loupe/domain/auth/permissions';
import type { TActor } from '@loupe/domain/auth/roles';
import type { TTrackingStats } from '@loupe/domain/tracking/tracking-api';
import { ArrowRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import type { TDashboardStatsSource } from '../api/get-dashboard-stats';

export const STAT_LABELS = {
  totalTracked: 'Tracked items',
  activeOrders: 'Orders in the workshop',
  offsiteOrders: 'Orders offsite',
  activeRepairs: 'Repairs in the workshop',
  offsiteRepairs: 'Repairs offsite',
} as const;

export const TRACKING_FIGURES = 'Tracking figures';

/** What a repair card says when the figures were counted locally, from the orders alone. */
export const NOT_COUNTED_LOCALLY = 'Not counted locally';

type TStatKey = keyof typeof STAT_LABELS;

export type TStatCard = {
  readonly key: TStatKey;
  /** null: this figure is unknown (repairs, when counted locally). */
  readonly value: number | null;
  readonly link: { readonly to: string; readonly label: string } | null;
};

const ORDERS_LINK = { to: paths.orders, label: 'View orders' };
const REPAIRS_LINK = { to: paths.repairs, label: 'View repairs' };
// An offsite figure is of one kind: its link lists that kind's offsite jobs, as many as the card says (/offsite
// lists both kinds together). Issue 35.
const OFFSITE_ORDERS_LINK = { to: `${paths.orders}?view=offsite`, label: 'View offsite orders' };
const OFFSITE_REPAIRS_LINK = { to: `${paths.repairs}?view=offsite`, label: 'View offsite repairs' };

/** The cards this user sees: repairs only for those who see repairs. */
export function statCardsFor({
  actor,
  stats,
  source,
}: {
  actor: TActor;
  stats: TTrackingStats;
  source: TDashboardStatsSource;
}): TStatCard[] {
  const cards: TStatCard[] = [
    { key: 'totalTracked', value: stats.totalTracked, link: null },
    { key: 'activeOrders', value: stats.activeOrders, link: ORDERS_LINK },
    { key: 'offsiteOrders', value: stats.offsiteOrders, link: OFFSITE_ORDERS_LINK },
  ];
  if (canViewRepairs(actor)) {
    // Spec §7: local counts come from the tracked orders only, so the repair figures are unknown, not 0.
    const isLocal = source === 'local';
    cards.push(
      { key: 'activeRepairs', value: isLocal ? null : (stats.activeRepairs ?? null), link: REPAIRS_LINK },
      {
        key: 'offsiteRepairs',
        value: isLocal ? null : (stats.offsiteRepairs ?? null),
        link: OFFSITE_REPAIRS_LINK,
      },
    );
  }
  return cards;
}

/** The headline figures as one description list: each card a term (what) and its value (how many). */
export function StatCards({ cards }: { readonly cards: readonly TStatCard[] }) {
  return (
    <section aria-label={TRACKING_FIGURES}>
      <dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {cards.map((card) => (
          <div
            key={card.key}
            className="flex flex-col gap-2 rounded-xl border bg-card p-5 text-card-foreground shadow-sm"
          >
            <dt className="text-sm font-medium text-muted-foreground">{STAT_LABELS[card.key]}</dt>
            <dd className="text-3xl font-semibold tabular-nums">
              {card.value ?? (
                <span className="text-base font-normal text-muted-foreground">{NOT_COUNTED_LOCALLY}</span>
              )}
            </dd>
            {card.link ? (
              <dd className="mt-auto">
                <Link
                  to={card.link.to}
                  className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {card.link.label}
                  <ArrowRightIcon className="size-4" aria-hidden="true" />
                </Link>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}
