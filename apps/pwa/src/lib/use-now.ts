import { useEffect, useState } from 'react';

/**
 * The current time (epoch ms), renewed every `intervalMs` so an age on screen ("updated 2 minutes
 * ago", a draft's wait) keeps counting without a reload; `null` stops the renewal while nothing on
 * screen needs it. The time is read afresh whenever `since` changes (the data just got newer), so an
 * age never shows from a `now` older than the data itself.
 */
export function useNow(intervalMs: number | null, since?: unknown): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (intervalMs === null) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, since]);
  return now;
}
