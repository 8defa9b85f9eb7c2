const MINUTE_MS = 60_000;
const HOUR_MINUTES = 60;
const DAY_MINUTES = 24 * HOUR_MINUTES;

/**
 * A span of time in whole units, the two largest that matter: '45 min', '2 h 10 min', '3 d 4 h'.
 * Under a minute reads '0 min'; a negative span (a clock ahead of ours) too.
 */
export function formatElapsed(ms: number): string {
  const minutes = Math.max(0, Math.floor(ms / MINUTE_MS));
  if (minutes < HOUR_MINUTES) return `${minutes} min`;
  if (minutes < DAY_MINUTES) {
    const rest = minutes % HOUR_MINUTES;
    return rest === 0 ? `${minutes / HOUR_MINUTES} h` : `${Math.floor(minutes / HOUR_MINUTES)} h ${rest} min`;
  }
  const days = Math.floor(minutes / DAY_MINUTES);
  const hours = Math.floor((minutes % DAY_MINUTES) / HOUR_MINUTES);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}
