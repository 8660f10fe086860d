import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import { HOME_TAG } from './homeApi';

/**
 * The spec (docs/decisions.md#spec-product): the home page reloads itself when the browser tab becomes visible again. The
 * data is refetched in place (no page reload, no 'Loading...' flash: the old data stays until
 * the new arrives); the live-only lists ask the channel again.
 */
export function useRefetchOnVisible(): void {
  const dispatch = useDispatch<AppDispatch>();
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'visible') dispatch(api.util.invalidateTags([HOME_TAG]));
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [dispatch]);
}
