/**
 * The session (docs/decisions.md#spec-states, #spec-errors): logged in = a token is stored. A token is `valid`
 * (decodes to { email, exp } with exp in the future, in seconds), `expired` or `undecodable`;
 * only `valid` opens the dashboard and the wallet, the others redirect to /Account. A valid token
 * turns `expired` by itself when its exp passes. Logout ends the session on the server (the
 * provided action `endServerSession` sends POST /logout with the token, unless the event says
 * the server already ended it), then removes the token and shows 'Successfully logged out!' for
 * 3 s (or until dismissed). The local part never waits for the server: offline, it still happens.
 *
 * The token comes in as the input (page load), then with `session.refresh` on every change of
 * localStorage 'token'; removing it and forgetting the in-memory key are the provided actions
 * `removeToken` / `forgetKeys`.
 */
import { jwtDecode } from 'jwt-decode';
import { assign, setup } from 'xstate';
import { TIMING } from '../../common/spec';

export interface SessionContext {
  token: string | null;
  email: string | null;
  /** Expiry, epoch seconds. */
  exp: number | null;
}

export type SessionEvent =
  | { type: 'session.refresh'; token: string | null }
  /** `serverEnded`: the server has ended it already ("log out everywhere"). */
  | { type: 'session.logout'; serverEnded?: boolean }
  | { type: 'alert.dismiss' };

/** { email, exp } of a token, or null when it does not decode to both. */
export function readToken(token: string): { email: string; exp: number } | null {
  try {
    const p = jwtDecode<{ email?: unknown; exp?: unknown }>(token);
    return typeof p.email === 'string' && typeof p.exp === 'number' ? { email: p.email, exp: p.exp } : null;
  } catch {
    return null;
  }
}

const nowSeconds = () => Date.now() / 1000;
/** setTimeout's ceiling (about 24.8 days): a longer token is re-checked then. */
const MAX_DELAY = 2_147_483_647;

export const sessionMachine = setup({
  types: { context: {} as SessionContext, events: {} as SessionEvent, input: {} as { token: string | null } },
  actions: {
    takeToken: assign(({ event }) => (event.type === 'session.refresh' ? { token: event.token } : {})),
    readClaims: assign(({ context }) => {
      const claims = context.token ? readToken(context.token) : null;
      return { email: claims?.email ?? null, exp: claims?.exp ?? null };
    }),
    endServerSession: (_: { context: SessionContext; event: SessionEvent }) => {},
    removeToken: () => {},
    forgetKeys: () => {},
  },
  guards: {
    noToken: ({ context }) => context.token === null,
    undecodable: ({ context }) => context.token !== null && readToken(context.token) === null,
    expired: ({ context }) => {
      const claims = context.token ? readToken(context.token) : null;
      return claims !== null && claims.exp <= nowSeconds();
    },
    tokenArrived: ({ event }) => event.type === 'session.refresh' && event.token !== null,
  },
  delays: {
    untilExpiry: ({ context }) => Math.min(MAX_DELAY, Math.max(0, ((context.exp ?? 0) - nowSeconds()) * 1000)),
    logoutAlert: TIMING.logoutAlertMs,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ token: input.token, email: null, exp: null }),
  initial: 'checking',
  on: {
    'session.refresh': { target: '.checking', actions: 'takeToken', reenter: true },
    'session.logout': { target: '.loggedOut' },
  },
  states: {
    checking: {
      entry: 'readClaims',
      always: [
        { guard: 'noToken', target: 'anonymous' },
        { guard: 'undecodable', target: 'undecodable' },
        { guard: 'expired', target: 'expired' },
        { target: 'valid' },
      ],
    },
    anonymous: {},
    valid: {
      after: { untilExpiry: { target: 'checking', reenter: true } },
    },
    expired: {},
    undecodable: {},
    loggedOut: {
      entry: ['endServerSession', 'removeToken', 'forgetKeys', assign({ token: null, email: null, exp: null })],
      after: { logoutAlert: 'anonymous' },
      on: {
        'alert.dismiss': 'anonymous',
        // Removing the token announces a change: stay here unless a new token arrives (a log-in).
        'session.refresh': [
          { guard: 'tokenArrived', target: 'checking', actions: 'takeToken' },
          // Taken (and doing nothing) so the root's session.refresh does not end the alert.
          { actions: [] },
        ],
      },
    },
  },
});
