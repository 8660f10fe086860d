/**
 * socket.io's PostgreSQL adapter (@socket.io/postgres-adapter) on the API's PostgreSQL primary:
 * API processes reach each other's sockets (rooms, broadcasts, fetchSockets) through NOTIFY on
 * channel "socket.io#/" and, for messages over 8,000 bytes, the socket_io_attachments table
 * (migration 011). Its own small pool: one connection LISTENs, the other sends.
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';

export interface PgAdapterHandle {
  close(): Promise<void>;
}

/** Installs the adapter on `io` (replacing the in-memory one); close() releases its connections. */
// socket.io's Server generics do not matter here (the adapter carries any event).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function attachPgAdapter(io: Server<any, any>, databaseUrl: string, log: (m: string) => void): PgAdapterHandle {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 2,
    application_name: 'ruby-explorer-socket.io',
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
  });
  // As in database.ts: a lost idle connection must not kill the process; the adapter reconnects.
  pool.on('error', (err) => log(`realtime: socket.io adapter connection failed: ${err.message}`));
  pool.on('connect', (client) => client.on('error', () => {}));
  let closed = false;
  io.adapter(
    createAdapter(pool, {
      errorHandler: (err: Error) => {
        if (!closed) log(`realtime: socket.io adapter: ${err.message}`);
      },
    }),
  );
  return {
    async close() {
      if (closed) return;
      closed = true;
      // Stops the adapter's heartbeat, LISTEN client and clean-up timer, then the pool.
      await Promise.resolve(io.of('/').adapter.close());
      await pool.end().catch(() => {});
    },
  };
}
