/**
 * The socket's user: a socket whose handshake carries a valid login token
 * (`io(url, { auth: { token } })`) joins its user's room and gets that user's watchlist alerts;
 * a missing, forged or expired token, one whose session was ended (log-out, a password change:
 * server/auth/sessions.ts), or one of a deleted account, joins nothing (the public channel works
 * the same). The socket leaves the room when the token expires, and at once when its session ends
 * (`leaveEndedSessions`).
 */
import type { Socket } from 'socket.io';
import type { ApiContext } from '../core/context';
import { verifyToken } from '../auth/jwt';
import { findSessionUser } from '../auth/sessions';
import { userRoom } from '../watchlist/alerts';
import { sessionRoom, type EndedSessions } from '../core/sessionsEnded';
import type { RealtimeServer } from './socket';

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
  const user = await findSessionUser(ctx.db, verified.payload.email, verified.payload.sid);
  if (!user || !socket.connected) return null;
  const room = userRoom(user.email);
  const msLeft = verified.payload.exp * 1000 - Date.now();
  if (msLeft <= 0) return null;
  await socket.join([room, sessionRoom(verified.payload.sid)]);
  const timer = setTimeout(() => void socket.leave(room), Math.min(msLeft, MAX_TIMER_MS));
  timer.unref();
  socket.once('disconnect', () => clearTimeout(timer));
  return user.email;
}

/**
 * Takes the sockets of ended sessions out of the user's room (on every API process: the adapter
 * carries the operation). Each socket is also in its session's room, so one session's sockets or
 * all but one session's are found by room.
 */
export function leaveEndedSessions(io: RealtimeServer, ended: EndedSessions): void {
  const room = userRoom(ended.email);
  if ('sid' in ended) io.in(sessionRoom(ended.sid)).socketsLeave(room);
  else if (ended.allBut === null) io.in(room).socketsLeave(room);
  else io.in(room).except(sessionRoom(ended.allBut)).socketsLeave(room);
}
