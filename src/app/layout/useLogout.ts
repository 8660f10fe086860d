import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { TIMING } from '../../../common/spec';
import { clearToken, hasToken, subscribeToken } from '../../lib/authToken';

export interface LogoutState {
  /** A token is held in localStorage (the spec's definition of logged in). */
  loggedIn: boolean;
  /** The green 'Successfully logged out!' alert is showing. */
  alertVisible: boolean;
  logout: () => void;
  dismissAlert: () => void;
}

/**
 * Logout as spec section 4 describes it: remove the token, show the alert for 3 s, hide the icon.
 * Kept small on purpose: the auth state machine replaces it later.
 */
export function useLogout(): LogoutState {
  const loggedIn = useSyncExternalStore(subscribeToken, hasToken, () => false);
  const [alertVisible, setAlertVisible] = useState(false);

  useEffect(() => {
    if (!alertVisible) return;
    const timer = setTimeout(() => setAlertVisible(false), TIMING.logoutAlertMs);
    return () => clearTimeout(timer);
  }, [alertVisible]);

  const logout = useCallback(() => {
    clearToken();
    setAlertVisible(true);
  }, []);
  const dismissAlert = useCallback(() => setAlertVisible(false), []);

  return { loggedIn, alertVisible, logout, dismissAlert };
}
