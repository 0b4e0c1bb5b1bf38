import { useCallback, useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@corridor/domain';

/** Whether a CSS media query matches now; follows changes. Without matchMedia (tests) it matches. */
function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : true),
    () => true,
  );
}

/** The side navigation shows from the spec's large breakpoint (960 px); below it the drawer. */
export function useIsLargeScreen(): boolean {
  return useMediaQuery(`(min-width: ${BREAKPOINTS.large}px)`);
}
