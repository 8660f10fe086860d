/**
 * The /Api page's example responses are real: this test calls every documented GET operation of
 * the server's OpenAPI document on an indexed devnet, with real values (an address, a token, a
 * transaction, a block taken from the API itself), and checks src/features/docs/examples.json
 * against the answers: every documented operation has an example, and each example has the
 * shape of today's answer. The POST operations that are safe on a devnet are called too, with
 * realistic bodies (recorded, secrets redacted); the others are recorded with the reason they have
 * no live example, which the page shows (issue #38, defect 19; docsPostSamples.ts). When they differ
 * the file is stale: regenerate it with
 *
 *   UPDATE_DOCS_EXAMPLES=1 npx vitest run --project node tests/server/api/docsExamples.test.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database';
import { documentedOperations, type DocOperation, type OpenApiDocument } from '../../../src/features/docs/openapi';
import type { ExampleFile } from '../../../src/features/docs/examples';
import type { Deployment } from '../../../server/chain/traffic';
import { TEST_MNEMONIC, devWallets } from '../../helpers/devKeys';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { apiPaths } from '../../../common/api/paths';
import { noLiveReasonOf, post, postSamples, redact, verifyToken, type Answer } from './docsPostSamples';

const FILE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../src/features/docs/examples.json');
const UPDATE = process.env.UPDATE_DOCS_EXAMPLES === '1';
/** Lists are cut to this many items and long strings to STRING_MAX characters, to keep the page light. */
const LIST_MAX = 2;
const STRING_MAX = 160;

let chain: IndexedChain;
let database: Database;
let api: TestApi;
let deployment: Deployment;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 10 });
  deployment = await chain.traffic.setup();
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  api = await chain.api(database);
});
afterAll(async () => {
  await api?.close();
  await database?.close();
  await chain?.stop();
});

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

function trim(v: Json): Json {
  if (Array.isArray(v)) return v.slice(0, LIST_MAX).map(trim);
  if (typeof v === 'string') return v.length > STRING_MAX ? `${v.slice(0, STRING_MAX)}…` : v;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, trim(x)]));
  return v;
}

/** Paths where two answers differ in shape (null and empty lists fit anything). */
function shapeDiff(a: Json, b: Json, at = '$'): string[] {
  if (a === null || b === null) return [];
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return [`${at}: list vs not a list`];
    const [x, y] = [a[0], b[0]];
    return x === undefined || y === undefined ? [] : shapeDiff(x, y, `${at}[]`);
  }
  if (typeof a !== typeof b) return [`${at}: ${typeof a} vs ${typeof b}`];
  if (typeof a !== 'object') return [];
  const [ka, kb] = [Object.keys(a), Object.keys(b as object)];
  const missing = ka.filter((k) => !kb.includes(k)).map((k) => `${at}.${k}: only in the stored example`);
  const added = kb.filter((k) => !ka.includes(k)).map((k) => `${at}.${k}: new in the API`);
  return [
    ...missing,
    ...added,
    ...ka.filter((k) => kb.includes(k)).flatMap((k) => shapeDiff(a[k]!, (b as Record<string, Json>)[k]!, `${at}.${k}`)),
  ];
}

async function samples(): Promise<Record<string, string>> {
  const body = async (url: string) => {
    const res = await api.get<{ status: boolean; result: Record<string, Json>[] }>(url);
    expect(res.statusCode, url).toBe(200);
    return res.body.result;
  };
  const txs = await body(apiPaths.allTx({ page: 1, size: 100 }));
  const tokenTx = txs.find((t) => t.transactiontype === 2);
  const coinTx = txs.find((t) => t.transactiontype === 0) ?? txs[0];
  const contracts = await body(apiPaths.contractsPage({ page: 1, size: 20 }));
  const dapp = contracts.find((c) => String(c.contractType).toLowerCase() === 'dapp') ?? contracts[0];
  if (!tokenTx || !coinTx || !dapp) throw new Error('the devnet has no token transfer, coin transfer or contract to show');
  // Issue #19: the devnet's NFT collection and an owner of one of its items.
  const named = await body(apiPaths.searchContract());
  const nft = named.find((c) => c.nft === true);
  const items = nft ? await body(apiPaths.nftInventory({ contractAddress: String(nft.contract_address), page: 1, size: 1 })) : [];
  if (!nft || !items[0]) throw new Error('the devnet has no NFT item to show');
  return {
    nft: String(nft.contract_address),
    nftOwner: String(items[0].owner),
    address: String(tokenTx.from),
    token: String(tokenTx.tokenAddress),
    contract: String(dapp.contract_address),
    hash: String(coinTx.hash),
    other: String(coinTx.to),
    block: String(coinTx.blockNumber),
  };
}

/** The value of a path parameter, by its name (and the operation's section for "address"). */
function sampleFor(op: DocOperation, name: string, s: Record<string, string>): string | undefined {
  const n = name.toLowerCase();
  if (/^(page|pagenumber)$/.test(n)) return '1';
  if (/^(size|pagelength)$/.test(n)) return String(LIST_MAX);
  if (/^(hash|transactionhash)$/.test(n)) return s.hash;
  if (/^(block|blocknumber)$/.test(n)) return s.block;
  if (n === 'term') return s.hash;
  if (/inventory/i.test(op.path) && n === 'contractaddress') return s.nft; // issue #19
  if (/nfts/i.test(op.path) && n === 'address') return s.nftOwner;
  if (/^(contractaddress|contractaddr|tokenaddress|tokencontract)$/.test(n)) return op.section === 'Contract' ? s.contract : s.token;
  if (/^(address|walletaddress)$/.test(n)) return op.section === 'Contract' ? s.contract : s.address;
  return undefined;
}

it("every documented operation has a real example response of today's shape", async () => {
  const docRes = await api.get<OpenApiDocument>(apiPaths.openapi());
  expect(docRes.statusCode).toBe(200);
  // Calls that move funds, mint a key or need a login get no captured answer: the page shows
  // their request and response fields only (a live example would spend devnet funds or print a
  // private key into the docs). Sourcify's lookups answer only for a verification job or a verified
  // contract, which this devnet sample has not: their shapes are Sourcify's own (tests/server/api/sourcify*.test.ts).
  // The watchlist's answers are a logged-in user's private list (issue #19).
  const documented = documentedOperations(docRes.body);
  const ops = documented.filter((op) => op.method === 'GET' && !noLiveReasonOf(op));
  expect(ops.length).toBeGreaterThan(20);
  const s = await samples();
  const fresh: ExampleFile = {
    note: 'Generated by tests/server/api/docsExamples.test.ts from a devnet; do not edit (UPDATE_DOCS_EXAMPLES=1 regenerates it).',
    operations: {},
    noLiveExample: Object.fromEntries(documented.flatMap((op) => (noLiveReasonOf(op) ? [[op.key, noLiveReasonOf(op)!]] : []))),
  };
  const problems: string[] = [];
  const record = (key: string, request: string, body: Record<string, unknown>, answer: Answer, status: number) => {
    if (answer.statusCode !== status)
      problems.push(`${key}: answered ${answer.statusCode}, not ${status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    else
      fresh.operations[key] = {
        request,
        body: trim(redact(body) as Json) as Record<string, Json>,
        ...(status === 200 ? {} : { status }),
        response: trim(answer.body as Json),
      };
  };
  // The POST operations safe on a devnet (issue #38, defect 19): the Etherscan-style POST verifies
  // a sample token first, which the others then read, estimate, prepare and verify again.
  const verified = await verifyToken(api, deployment, s.token!);
  record('POST /', '/', verified.sample.body, verified.answer, verified.sample.status);
  const bodies = postSamples({ token: s.token!, holder: s.address!, other: s.other!, sourceCode: verified.sourceCode });
  for (const op of documented.filter((o) => o.method !== 'GET' && !noLiveReasonOf(o) && o.key !== 'POST /')) {
    const sample = bodies[op.key];
    if (!sample) problems.push(`${op.key}: neither a sample body (docsPostSamples.ts postSamples) nor a reason for no live example`);
    else record(op.key, op.path, sample.body, await post(api, `/api${op.path}`, sample.body), sample.status);
  }
  for (const op of ops) {
    let request = op.path;
    for (const p of op.parameters.filter((x) => x.in === 'path')) {
      const value = sampleFor(op, p.name, s);
      if (value === undefined) problems.push(`${op.key}: no sample value for path parameter "${p.name}" (add one in sampleFor)`);
      else request = request.replace(`{${p.name}}`, encodeURIComponent(value));
    }
    if (request.includes('{')) continue;
    // The Etherscan-compatible form (GET /api?module=contract&action=…) is one path with a query.
    if (op.path === '/') request = `/?module=contract&action=getsourcecode&address=${encodeURIComponent(s.contract ?? '')}`;
    const res = await api.get<Json>(`/api${request}`);
    if (res.statusCode !== 200) {
      problems.push(`${op.key}: ${request} answered ${res.statusCode} ${JSON.stringify(res.body).slice(0, 200)}`);
      continue;
    }
    fresh.operations[op.key] = { request, response: trim(res.body) };
  }
  expect(problems, problems.join('\n')).toEqual([]);
  // Every documented operation shows a real answer or the reason it has none (never "… yet").
  const bare = documented.filter((op) => !fresh.operations[op.key] && !fresh.noLiveExample?.[op.key]).map((op) => op.key);
  expect(bare).toEqual([]);
  expect(Object.keys(fresh.operations)).toEqual(
    expect.arrayContaining(['POST /readContract', 'POST /estimatecall', 'POST /preparetx', 'POST /verifyContract', 'POST /']),
  );
  expectNoSecrets(JSON.stringify(fresh));

  if (UPDATE || !fs.existsSync(FILE)) {
    if (!UPDATE) throw new Error(`${FILE} is missing: run with UPDATE_DOCS_EXAMPLES=1 to create it`);
    fs.writeFileSync(FILE, `${JSON.stringify(fresh, null, 1)}\n`);
    return;
  }
  const text = fs.readFileSync(FILE, 'utf8');
  expectNoSecrets(text);
  const stored = JSON.parse(text) as ExampleFile;
  const stale: string[] = [];
  const keys = new Set([...Object.keys(stored.operations), ...Object.keys(fresh.operations)]);
  for (const key of keys) {
    const [a, b] = [stored.operations[key], fresh.operations[key]];
    if (!a) stale.push(`${key}: no stored example`);
    else if (!b) stale.push(`${key}: stored example of an operation the API no longer documents`);
    else {
      stale.push(...shapeDiff(a.response as Json, b.response as Json).map((d) => `${key} ${d}`));
      if (a.status !== b.status) stale.push(`${key}: answered ${b.status ?? 200}, stored ${a.status ?? 200}`);
      if (JSON.stringify(Object.keys(a.body ?? {})) !== JSON.stringify(Object.keys(b.body ?? {}))) stale.push(`${key}: other body fields`);
    }
  }
  if (JSON.stringify(stored.noLiveExample ?? {}) !== JSON.stringify(fresh.noLiveExample))
    stale.push('noLiveExample: other operations or reasons');
  expect(stale, `src/features/docs/examples.json is stale; regenerate it with UPDATE_DOCS_EXAMPLES=1:\n${stale.join('\n')}`).toEqual([]);
}, 600_000);

/** No private key, mnemonic or password of this test in the examples, and every secret body field redacted. */
function expectNoSecrets(text: string): void {
  const secrets = [TEST_MNEMONIC, ...devWallets().map((w) => w.privateKey.slice(2).toLowerCase())];
  const lower = text.toLowerCase();
  expect(secrets.filter((x) => lower.includes(x.toLowerCase()))).toEqual([]);
  const file = JSON.parse(text) as ExampleFile;
  for (const [key, e] of Object.entries(file.operations)) {
    for (const [field, value] of Object.entries(e.body ?? {})) {
      if (/^(private_?key|password|secret|mnemonic|keystore|token|api_?key)$/i.test(field)) expect(value, `${key} ${field}`).toBe('…');
    }
  }
}
