/**
 * A follower's catch-up (the journal's applier, each projection of the moves): one pass at a time, another
 * right after it if woken meanwhile, and after a failure another `retryMs` later. `catchUp` applies
 * everything there is; `onError` says why a pass failed.
 */
export function createCatchUpLoop(options: {
  readonly catchUp: () => Promise<void>;
  readonly onError: (error: unknown) => void;
  readonly retryMs: number;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let isStopped = false;
  let retry: ReturnType<typeof setTimeout> | null = null;

  function scheduleRetry(): void {
    if (retry !== null || isStopped) return;
    retry = setTimeout(() => {
      retry = null;
      wake();
    }, options.retryMs);
    retry.unref?.();
  }

  function wake(): void {
    if (isStopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await options.catchUp();
        } catch (error) {
          options.onError(error);
          scheduleRetry();
          return;
        }
      } while (again && !isStopped);
    })().finally(() => {
      running = null;
    });
  }

  return {
    wake,
    /** Whether a pass is under way. */
    isRunning: () => running !== null,
    /** No pass starts any more; resolves once the one under way is over. */
    async stop(): Promise<void> {
      isStopped = true;
      if (retry !== null) clearTimeout(retry);
      await running;
    },
  };
}
