/**
 * Ending sessions (server/auth/sessions.ts): POST /logout ends the caller's session,
 * POST /logout/all every session of the account. A token of an ended session gets the same 401
 * as an expired one on every route that needs a token.
 */
import { Type, type Static } from '@sinclair/typebox';

export const LOGGED_OUT = 'Logged out';
export const LOGGED_OUT_EVERYWHERE = 'Logged out everywhere';

export const LogoutResponse = Type.Object({
  status: Type.Literal(true),
  msg: Type.String(),
  result: Type.Object({ ended: Type.Integer({ minimum: 0, description: 'how many live sessions this call ended' }) }),
});
export type LogoutResponse = Static<typeof LogoutResponse>;
