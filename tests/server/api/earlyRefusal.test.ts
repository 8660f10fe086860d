/**
 * "The limit answered before a body is read" (issue #45 item 7), over real sockets: a client over
 * its limit sends the headers of a big POST and only its first bytes; the refusal must come at
 * once (not after a body that never arrives) and the server must close the connection rather
 * than keep reading. For the log-in (AUTH_LIMIT_PER_IP_PER_MINUTE, small bodyLimit), the
 * Etherscan POST form (anonymous, and with a key in the header), the feedback form, and a route
 * under the API's own limiter. No node is needed.
 */
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FEEDBACK_LIMITS } from '../../../common/api/feedback';
import { apiPaths } from '../../../common/api/paths';
import { ES_ERRORS } from '../../../server/api/etherscan/common';
import { createApiKey } from '../../../server/api/apiKeys';
import { buildApi } from '../../../server/api/server';
import { loadConfig } from '../../../server/config';
import { LocalBus } from '../../../server/events';
import { describeEachDatabase } from '../../helpers/db';

type App = Awaited<ReturnType<typeof buildApi>>['app'];
const NO_NODE = 'http://127.0.0.1:9';
/** Far longer than a refusal takes, far shorter than the test's time-out. */
const PROMPT_MS = 5_000;

interface RawAnswer {
  status: number;
  body: string;
  /** Whether the server closed the connection (within PROMPT_MS of the answer). */
  closed: boolean;
}

/** Sends a request head announcing `length` bytes and only `first` of them; never sends the rest. */
function partialPost(port: number, url: string, length: number, first: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let answer: RawAnswer | null = null;
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer ? { ...answer, closed } : { status: 0, body: 'no answer in time', closed });
    };
    const timer = setTimeout(() => finish(false), PROMPT_MS);
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0 || answer) return;
      const head = text.slice(0, end);
      const size = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? '0');
      if (text.length - end - 4 < size) return;
      answer = { status: Number(head.split(' ')[1]), body: text.slice(end + 4, end + 4 + size), closed: false };
    });
    socket.on('end', () => finish(true));
    socket.on('error', () => finish(true));
    const extra = Object.entries({ 'content-type': 'application/json', ...headers })
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    socket.write(`POST ${url} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-length: ${length}\r\n${extra}\r\n${first}`);
  });
}

let dir = '';
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-early-refusal-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describeEachDatabase(
  'refusals before the body',
  (getDb) => {
    let app: App;
    let bus: LocalBus;
    let port = 0;
    beforeAll(async () => {
      const config = loadConfig({
        DATA_DIR: dir,
        RUBY_RPC_URL: NO_NODE,
        AUTH_LIMIT_PER_IP_PER_MINUTE: '2',
        RATE_LIMIT_ANONYMOUS: '2',
        RATE_LIMIT_API_KEY: '1',
        RATE_LIMIT_EXEMPT_LOOPBACK: 'false',
      });
      bus = new LocalBus();
      ({ app } = await buildApi({
        config,
        db: getDb(),
        bus,
        rpcUrl: NO_NODE,
        indexerStatus: () => ({}) as never,
        log: () => {},
        distDir: path.join(dir, 'no-dist'),
      }));
      await app.listen({ port: 0, host: '127.0.0.1' });
      port = (app.server.address() as net.AddressInfo).port;
    });
    afterAll(async () => {
      await app?.close();
      await bus?.close();
    });

    it('log-in: a big body is refused from its length (413); over the limit, a 429 before the body', async () => {
      // Not limited yet: the small body limit refuses 8 MB from the header alone (attempt 1).
      const big = await partialPost(port, apiPaths.login(), 8_000_000, '{"email":"a');
      expect(big.status).toBe(413);
      // Attempt 2, then the network is over its limit (2 per minute).
      const second = await app.inject({
        method: 'POST',
        url: apiPaths.login(),
        payload: { email: 'x@example.com', password: 'whatever1' },
      });
      expect(second.statusCode).toBe(401);
      for (const length of [8_000_000, 3_000]) {
        const refused = await partialPost(port, apiPaths.login(), length, '{"email":"a');
        expect(refused.status).toBe(429);
        expect(JSON.parse(refused.body)).toEqual({
          status: false,
          message: expect.stringMatching(/^Too many attempts: try again in \d+ s$/),
        });
        expect(refused.closed).toBe(true);
      }
    }, 60_000);

    it("the API's own limit: a POST over the limit is refused before its body, and the connection closed", async () => {
      for (let i = 0; i < 2; i++) await app.inject({ method: 'GET', url: apiPaths.openapi() });
      const refused = await partialPost(port, apiPaths.sendRawTx(), 900_000, '{"signedTx":"0x');
      expect(refused.status).toBe(429);
      expect(refused.closed).toBe(true);
      // The Etherscan POST form (8 MB allowed): refused before the body, in Etherscan's shape.
      const es = await partialPost(port, '/api', 7_900_000, 'module=account&action=balance', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(es.status).toBe(200);
      expect(JSON.parse(es.body)).toEqual({ status: '0', message: 'NOTOK', result: ES_ERRORS.rateLimit });
      expect(es.closed).toBe(true);
    }, 60_000);

    it('the Etherscan POST form with a key in the header: counted on the key before the body', async () => {
      const { key } = await createApiKey(getDb().db, null, 'early refusal');
      const first = await app.inject({ method: 'GET', url: apiPaths.openapi(), headers: { 'x-api-key': key } });
      expect(first.statusCode).toBe(200);
      const es = await partialPost(port, '/api', 7_900_000, 'module=account', {
        'content-type': 'application/x-www-form-urlencoded',
        'x-api-key': key,
      });
      expect(es.status).toBe(200);
      expect(JSON.parse(es.body)).toMatchObject({ status: '0', result: ES_ERRORS.rateLimit });
      expect(es.closed).toBe(true);
    }, 60_000);

    it('feedback: over its limit, a 429 before the body', async () => {
      for (let i = 0; i < FEEDBACK_LIMITS.perWindow; i++) await app.inject({ method: 'POST', url: apiPaths.feedback(), payload: {} });
      const refused = await partialPost(port, apiPaths.feedback(), 20_000, '{"kind":"issue"');
      expect(refused.status).toBe(429);
      expect(refused.closed).toBe(true);
    }, 60_000);
  },
  { kinds: ['pglite'] },
);
