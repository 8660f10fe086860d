import { useCallback, useSyncExternalStore } from 'react';

/** Phones and small tablets get card lists instead of tables. */
export const MOBILE_QUERY = '(max-width: 767.98px)';

/** Whether a media query matches; false where matchMedia does not exist (jsdom, old browsers). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window === 'undefined' || !window.matchMedia) return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    [query],
  );
  const get = () => typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, get, () => false);
}
