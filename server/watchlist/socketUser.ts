/**
 * The socket's user (issue #19): a socket whose handshake carries a valid login token
 * (`io(url, { auth: { token } })`) joins its user's room and gets that user's watchlist alerts;
 * a missing, forged or expired token, or one of a deleted account, joins nothing (the public
 * channel works the same). The socket leaves the room when the token expires.
 */
import type { Socket } from 'socket.io';
import type { ApiContext } from '../api/context';
import { verifyToken } from '../auth/jwt';
import { findUser } from '../auth/users';
import { userRoom } from './alerts';

/** setTimeout's longest delay (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

function tokenOf(socket: Socket): string | null {
  const auth: unknown = socket.handshake.auth;
  const token = typeof auth === 'object' && auth !== null ? (auth as { token?: unknown }).token : undefined;
  return typeof token === 'string' && token.length > 0 && token.length < 4096 ? token : null;
}

/** Joins `socket` to its user's room when its token is valid; resolves to the email or null. */
export async function joinUserRoom(socket: Socket, ctx: ApiContext, secret: string): Promise<string | null> {
  const token = tokenOf(socket);
  if (token === null) return null;
  const verified = verifyToken(secret, token);
  if (!verified.ok) return null;
  const user = await findUser(ctx.db, verified.payload.email);
  if (!user || !socket.connected) return null;
  const room = userRoom(user.email);
  const msLeft = verified.payload.exp * 1000 - Date.now();
  if (msLeft <= 0) return null;
  await socket.join(room);
  const timer = setTimeout(() => void socket.leave(room), Math.min(msLeft, MAX_TIMER_MS));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
  return user.email;
}
