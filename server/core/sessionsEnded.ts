/**
 * Sessions ended on the server (log-out, log out everywhere, a password change: sessions.ts) are
 * told to the realtime layer, which takes those sessions' sockets out of the user's room at once
 * (server/realtime/socketUser.ts): a socket that joined with a token whose session has ended gets
 * no further watchlist alerts, on whichever API process holds it (socket.io's adapter carries the
 * room operation to the others).
 */

/** One session ended (`sid`), or every session of the account but `keep` (null: all of them). */
export type EndedSessions = { email: string; sid: string } | { email: string; allBut: string | null };

export interface SessionsEnded {
  /** Called after the ending has been committed. */
  tell(ended: EndedSessions): void;
  /** The realtime layer's listener; returns the unsubscribe. */
  listen(fn: (ended: EndedSessions) => void): () => void;
}

export function sessionsEndedChannel(log: (m: string) => void): SessionsEnded {
  const listeners = new Set<(ended: EndedSessions) => void>();
  return {
    tell(ended) {
      for (const fn of listeners) {
        try {
          fn(ended);
        } catch (err) {
          log(`sessions: telling the sockets failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    },
    listen(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

/** The room of one session's sockets (beside the user's room). */
export function sessionRoom(sid: string): string {
  return `session:${sid}`;
}
