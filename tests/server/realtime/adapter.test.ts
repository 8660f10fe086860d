/**
 * socket.io's PostgreSQL adapter as the API processes install it (server/realtime/adapter.ts):
 * two socket.io servers on one database reach each other's sockets, small messages through
 * NOTIFY and big ones (over NOTIFY's 8,000 bytes) through socket_io_attachments (migration 011).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/database';
import { attachPgAdapter, type PgAdapterHandle } from '../../../server/realtime/adapter';
import { pgAvailable } from '../../helpers/db';
import { createTestPgDatabase, type TestPgDatabase } from '../../helpers/pg';

let target: TestPgDatabase | null = null;
const servers: { io: Server; http: http.Server; adapter: PgAdapterHandle; url: string }[] = [];
let client: Socket | null = null;

beforeAll(async () => {
  if (!pgAvailable) return;
  target = await createTestPgDatabase();
  if (!target) return;
  const migrated = await openDatabase({ databaseUrl: target.url, dataDir: null });
  await migrated.close();
  for (let i = 0; i < 2; i++) {
    const server = http.createServer();
    const io = new Server(server);
    const adapter = attachPgAdapter(io, target.url, () => {});
    io.on('connection', (s) => void s.join('watchers'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push({ io, http: server, adapter, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
  }
});

afterAll(async () => {
  client?.disconnect();
  for (const s of servers) {
    await s.adapter.close();
    s.io.engine.close();
    await new Promise((r) => s.http.close(r));
  }
  await target?.drop();
});

it.skipIf(!pgAvailable)('an emit on one process reaches a socket held by another, small and big', async () => {
  const [a, b] = servers;
  if (!a || !b) throw new Error('servers not started');
  client = connect(b.url, { transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    client?.once('connect', resolve);
    client?.once('connect_error', reject);
  });
  // The socket joined its room on b; a must see it through the adapter.
  let seen = 0;
  // Up to 15 s: on a loaded machine the adapter's first answer across the database can take seconds.
  for (let i = 0; i < 150 && seen === 0; i++) {
    seen = (await a.io.in('watchers').fetchSockets()).length;
    if (seen === 0) await new Promise((r) => setTimeout(r, 100));
  }
  expect(seen).toBe(1);
  const received: string[] = [];
  const both = new Promise<void>((resolve) => {
    client?.on('note', (text: string) => {
      received.push(text);
      if (received.length === 2) resolve();
    });
  });
  const big = 'x'.repeat(20_000);
  a.io.to('watchers').emit('note', 'small');
  a.io.to('watchers').emit('note', big);
  await both;
  expect(received.map((t) => t.length).sort((x, y) => x - y)).toEqual([5, 20_000]);
  // A local emit on a stays on a (the block pushes rely on it): b's socket gets nothing.
  let stray = false;
  client.on('local-only', () => {
    stray = true;
  });
  a.io.local.to('watchers').emit('local-only');
  await new Promise((r) => setTimeout(r, 500));
  expect(stray).toBe(false);
});
