import { useEffect, useState } from 'react';

/** The current time in ms, renewed every `intervalMs`, so "2 minutes ago" keeps counting on screen. */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
