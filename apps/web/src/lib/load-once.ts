/**
 * A module loaded on first use and then kept: `load` runs once, every caller gets the same promise, and a
 * failed download (a flaky network) is tried again by the next caller instead of failing for good. For the
 * code a first render does without (Amplify, socket.io's client; issue 35 §4).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
