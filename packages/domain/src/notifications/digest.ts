import type { TQuietHours } from '../settings/notification-settings';
import { minutesOf, wallTime } from '../workflow/working-calendar';

/** Whether `instant` falls in a user's quiet hours, read in the workshop's time zone (end excluded). */
export function isQuietTime(instant: Date, quietHours: TQuietHours | null, timeZone: string): boolean {
  if (quietHours === null) return false;
  const now = wallTime(instant, timeZone).minutes;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  // A start after the end runs past midnight.
  return start < end ? now >= start && now < end : now >= start || now < end;
}

export type TDigestLine = { readonly text: string; readonly link: string };

export type TDigestContent = {
  readonly companyName: string;
  /** The workshop date the digest is for (YYYY-MM-DD). */
  readonly date: string;
  /** Where links start (PUBLIC_URL). */
  readonly publicUrl: string;
  /** Open alerts the user may see; null when their role has no alert feed. */
  readonly alerts: readonly TDigestLine[] | null;
  readonly tasks: readonly TDigestLine[];
  readonly readyForPickup: readonly TDigestLine[];
  readonly unreadNotices: number;
};

/** The most lines of one kind a digest lists; the rest are counted and linked. */
export const DIGEST_LINES_PER_PART = 10;

function part(
  heading: string,
  lines: readonly TDigestLine[],
  empty: string,
  moreLink: string,
  publicUrl: string,
): string {
  if (lines.length === 0) return `${heading}\n  ${empty}`;
  const shown = lines
    .slice(0, DIGEST_LINES_PER_PART)
    .map((line) => `  • ${line.text} — ${publicUrl}${line.link}`);
  const more = lines.length - shown.length;
  if (more > 0) shown.push(`  … and ${more} more: ${publicUrl}${moreLink}`);
  return `${heading} (${lines.length})\n${shown.join('\n')}`;
}

/** The daily digest mail (Settings › notifications › daily digest): what needs the user today, in plain text. */
export function composeDigest(content: TDigestContent): { subject: string; text: string } {
  const { publicUrl } = content;
  const parts = [part('Your tasks', content.tasks, 'Nothing is assigned to you.', '/my-tasks', publicUrl)];
  if (content.readyForPickup.length > 0)
    parts.push(part('Ready or awaiting your customer', content.readyForPickup, '', '/my-tasks', publicUrl));
  if (content.alerts !== null)
    parts.push(part('Open alerts', content.alerts, 'No open alerts.', '/alerts', publicUrl));
  if (content.unreadNotices > 0)
    parts.push(`Unread notices in your bell: ${content.unreadNotices} — ${publicUrl}/dashboard`);
  return {
    subject: `[${content.companyName}] Your day in Loupe, ${content.date}`,
    text: `Good morning. Here is what needs you today.\n\n${parts.join('\n\n')}\n\nChange or stop this e-mail in Settings › notifications: ${publicUrl}/settings/notifications\n`,
  };
}
