/**
 * Promises kept by key for `ttlMs` from when they were made, at most `size` of them (the oldest goes first).
 * No invalidation: an entry expires. A promise that fails is not kept: the next request tries again.
 */
export function createPlanCache<T>(options: { readonly ttlMs: number; readonly size: number }) {
  const entries = new Map<string, { at: number; plan: Promise<T> }>();
  return {
    /** The plan made for `key` less than ttlMs before `now`, else a new one from `make`. */
    get(key: string, now: number, make: () => Promise<T>): Promise<T> {
      const cached = entries.get(key);
      if (cached !== undefined && now >= cached.at && now - cached.at < options.ttlMs) return cached.plan;
      const plan = make();
      entries.delete(key);
      entries.set(key, { at: now, plan });
      plan.catch(() => {
        if (entries.get(key)?.plan === plan) entries.delete(key);
      });
      for (const [oldest] of entries) {
        if (entries.size <= options.size) break;
        entries.delete(oldest);
      }
      return plan;
    },
  };
}
