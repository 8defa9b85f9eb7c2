import { useEffect, useState } from 'react';

/** The current time in ms, renewed every `intervalMs`, so "for 2 h 10 min" or "2 minutes ago" keep counting. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
