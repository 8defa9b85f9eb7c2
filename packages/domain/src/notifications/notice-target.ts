import type { TNotification, TNotificationKind } from '../alerts/alerts';
import type { TActor } from '../auth/roles';
import { canSeeRoute } from '../navigation/sidebar';

/** Where a notice leads someone who may not open its own link: the list it belongs to. */
const FALLBACK: Readonly<Record<TNotificationKind, string | null>> = {
  alert: '/alerts',
  assignment: '/my-tasks',
  nudge: '/my-tasks',
  mention: null,
  design: '/designer-workspace',
};

/**
 * Where opening a notice takes this user (issue 35: no dead ends): its link when their role may open it;
 * otherwise the list it belongs to when they may open that; otherwise nowhere (opening it marks it read).
 */
export function noticeTarget(
  actor: TActor | null | undefined,
  notice: Pick<TNotification, 'kind' | 'link'>,
): string | null {
  if (notice.link === null) return null;
  if (canSeeRoute(actor, notice.link)) return notice.link;
  const fallback = FALLBACK[notice.kind];
  return fallback !== null && canSeeRoute(actor, fallback) ? fallback : null;
}
