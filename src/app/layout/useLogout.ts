import { useCallback } from 'react';
import { sessionActor, useSession } from '../../features/wallet/session';

export interface LogoutState {
  /** A token is held in localStorage (the spec's definition of logged in). */
  loggedIn: boolean;
  /** The green 'Successfully logged out!' alert is showing. */
  alertVisible: boolean;
  logout: () => void;
  dismissAlert: () => void;
}

/**
 * The header's view of the session machine (src/machines/sessionMachine.ts): logout removes the
 * token and the in-memory key, shows the alert for 3 s (or until dismissed), hides the icon.
 */
export function useLogout(): LogoutState {
  const { status, loggedIn } = useSession();
  const logout = useCallback(() => sessionActor().send({ type: 'session.logout' }), []);
  const dismissAlert = useCallback(() => sessionActor().send({ type: 'alert.dismiss' }), []);
  return { loggedIn, alertVisible: status === 'loggedOut', logout, dismissAlert };
}
