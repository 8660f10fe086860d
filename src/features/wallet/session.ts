/**
 * The app's one session actor (sessionMachine), fed with every change of the stored token, and
 * the hooks screens read it with. Its side effects are provided here: logging out ends the session
 * on the server (POST /logout with the token, not awaited: offline, the local part still happens),
 * removes the token from localStorage and forgets the in-memory key and password.
 *
 * The token is read once, when the actor is made (the first screen that asks: the app's load),
 * and then on each change: every write of this tab goes through lib/authToken (setToken,
 * clearToken), which announces it, and other tabs' writes arrive as storage events. Screens
 * therefore only read the actor; a valid token's expiry is the machine's own timer.
 */
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { paths } from '../../../common/api/paths';
import { API_BASE } from '../../app/api';
import { clearToken, getToken, subscribeToken } from '../../lib/authToken';
import { readToken, sessionMachine } from '../../machines/sessionMachine';
import { keyVault } from './keyVault';

type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionStatus = 'anonymous' | 'valid' | 'expired' | 'undecodable' | 'loggedOut' | 'checking';

let actor: SessionActor | null = null;

/**
 * POST /logout with `token` (taken before it is removed); failures are ignored (the token is
 * dropped anyway). Only a token that could still be live: one that does not decode, or whose exp
 * has passed, has no session the server would accept, and its 401 would only be noise.
 */
function endOnServer(token: string): void {
  if (typeof fetch === 'undefined') return;
  const read = readToken(token);
  if (read === null || read.exp * 1000 <= Date.now()) return;
  void fetch(`${API_BASE}${paths.logout()}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, keepalive: true }).catch(
    () => {},
  );
}

export function sessionActor(): SessionActor {
  if (actor) return actor;
  const actions = {
    endServerSession: ({ context, event }: { context: { token: string | null }; event: { type: string; serverEnded?: boolean } }) => {
      if (event.type === 'session.logout' && !event.serverEnded && context.token) endOnServer(context.token);
    },
    removeToken: () => clearToken(),
    forgetKeys: () => keyVault.clear(),
  };
  const a = createActor(sessionMachine.provide({ actions }), {
    input: { token: getToken() },
  });
  a.start();
  subscribeToken(() => a.send({ type: 'session.refresh', token: getToken() }));
  actor = a;
  return a;
}

export function sessionStatus(s: SessionSnapshot): SessionStatus {
  return typeof s.value === 'string' ? (s.value as SessionStatus) : 'checking';
}

/** The session's state and email (read only: see the file comment for when the token is read). */
export function useSession(): { status: SessionStatus; email: string | null; loggedIn: boolean } {
  const a = sessionActor();
  const status = useSelector(a, sessionStatus);
  const email = useSelector(a, (s) => s.context.email);
  // Logged in = a token is stored (docs/decisions.md#spec-states), whatever its state.
  return { status, email, loggedIn: status === 'valid' || status === 'expired' || status === 'undecodable' };
}
