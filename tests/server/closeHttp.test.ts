/**
 * The shutdown's HTTP step (closeHttp in server/app.ts): a request that never completes does not
 * hold the shutdown past its budget (its connection is cut), and socket.io clients are told.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { io as connect } from 'socket.io-client';
import { afterAll, expect, it } from 'vitest';
import { SOCKET_PATH } from '../../common/api/socket';
import { startApiServer } from '../../server/api/server';
import { closeHttp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { LocalBus } from '../../server/events';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ruby-close-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('cuts a hung request at the budget and tells socket.io clients', async () => {
  const database = await openDatabase({ databaseUrl: null, dataDir: null, migrate: true });
  const bus = new LocalBus();
  try {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir });
    const api = await startApiServer({
      config,
      db: database,
      bus,
      rpcUrl: 'http://127.0.0.1:9',
      log: () => {},
      distDir: path.join(dir, 'no-dist'),
      indexerStatus: () => ({ indexedBlock: null, head: 0, percent: 0, catchingUp: true }),
    });
    const port = Number(new URL(api.url).port);

    const client = connect(api.url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      client.once('connect', resolve);
      client.once('connect_error', reject);
    });
    const told = new Promise<string>((resolve) => client.once('disconnect', (reason) => resolve(reason)));

    // A request whose body never comes: the server waits for it, so the connection is never idle.
    const hung = net.connect(port, '127.0.0.1');
    await new Promise<void>((r) => hung.once('connect', () => r()));
    hung.write('POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":');
    const cut = new Promise<void>((r) => hung.once('close', () => r()));
    hung.on('error', () => {});
    await new Promise((r) => setTimeout(r, 200));

    const t = Date.now();
    await closeHttp(api, 2_000);
    const ms = Date.now() - t;
    await cut;
    expect(await told).toBe('io server disconnect');
    client.close();
    // The budget less its 500 ms reserve, then the cut; generous above for a busy machine.
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(4_000);
  } finally {
    await bus.close();
    await database.close();
  }
});
