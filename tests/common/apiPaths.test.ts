/**
 * The API path registry (common/api/paths.ts, issue #29): (1) no source file outside it writes an
 * API path as a string (read with TypeScript's own parser: string and template literals, not
 * comments); (2) the routes the real API registers are exactly the registry's, method for method;
 * (3) the builders fill, encode and type-check; (4) packages/rubyweb3's copy agrees with it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_PATTERNS, apiPaths as packagePaths } from '../../packages/rubyweb3/src/apiPaths';
import {
  API_PREFIX,
  API_ROUTES,
  apiPaths,
  docPaths,
  openApiPaths,
  paths,
  patterns,
  rawApiPath,
  rawPath,
  seg,
  type ApiRouteName,
} from '../../common/api/paths';

/** Every route the API registers, seen by an onRoute hook on the real Fastify instance. */
const registered: { method: string | string[]; url: string }[] = [];
vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof import('fastify')>();
  const create = ((opts?: Parameters<typeof real.default>[0]) => {
    const app = real.default(opts);
    app.addHook('onRoute', (r) => void registered.push({ method: r.method, url: r.url ?? r.path }));
    return app;
  }) as typeof real.default;
  return { ...real, default: create };
});

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The registry, rubyweb3's checked copy, and this file (its expectations spell out what the builders give). */
const ALLOWED = new Set([
  'common/api/paths.ts',
  'common/api/blockscoutPaths.ts',
  'packages/rubyweb3/src/apiPaths.ts',
  'tests/common/apiPaths.test.ts',
]);
const DIRS = ['src', 'server', 'common', 'packages', 'tests', 'bench'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'dist-server', 'docs']);

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) out.push(...sourceFiles(p));
    } else if (/\.(ts|tsx|js|mjs)$/.test(e.name)) out.push(p);
  }
  return out;
}

/** First fixed segments of the registry's patterns ('getBlocks', 'v2', ...). */
const NAMES = [
  ...new Set(
    Object.values(API_ROUTES)
      .map((r) => r.pattern.split('/')[1] ?? '')
      .filter((s) => s !== '' && s !== '*'),
  ),
];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * A path at the start of a literal piece, or after /api in a URL: '/getBlocks/1/20',
 * 'http://host/api/getBlocks', '/api?module=…'. Prose ('POST /api/feedback' in a test's name, an
 * OpenAPI description) has a space before the path and is not a path the code requests.
 */
const API = `(?:^|(?<=[^\\s(]))${escape(API_PREFIX)}`;
const LOOKS = new RegExp(`(?:^|${API})/(?:${NAMES.map(escape).join('|')})(?=[/?{]|$)|${API}(?:\\?|/v2/api)`);

/** A module specifier ('../../common/api/feedback'): not a path, whatever its words. */
function isModuleName(node: ts.Node): boolean {
  const p = node.parent;
  if (!ts.isStringLiteral(node) || !p) return false;
  return (
    ts.isImportDeclaration(p) ||
    ts.isExportDeclaration(p) ||
    ts.isExternalModuleReference(p) ||
    ts.isLiteralTypeNode(p) ||
    (ts.isCallExpression(p) && (p.expression.kind === ts.SyntaxKind.ImportKeyword || /^(vi\.mock|require)$/.test(p.expression.getText())))
  );
}

/** The text pieces of every string and template literal in a file, with their line numbers. */
function literalPieces(file: string): { line: number; text: string }[] {
  const text = fs.readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: { line: number; text: string }[] = [];
  const add = (node: ts.Node, t: string) => out.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: t });
  const visit = (node: ts.Node): void => {
    if (isModuleName(node)) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node, node.text);
    else if (ts.isTemplateExpression(node)) {
      add(node, node.head.text);
      for (const span of node.templateSpans) add(span, span.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

describe('API path registry', () => {
  it('no source file outside the registry writes an API path as a string', () => {
    const found: string[] = [];
    for (const dir of DIRS) {
      for (const file of sourceFiles(path.join(REPO_ROOT, dir))) {
        const rel = path.relative(REPO_ROOT, file).split(path.sep).join('/');
        if (ALLOWED.has(rel)) continue;
        for (const p of literalPieces(file)) if (LOOKS.test(p.text)) found.push(`${rel}:${p.line}: ${JSON.stringify(p.text.slice(0, 80))}`);
      }
    }
    expect(found, 'use paths / apiPaths / patterns from common/api/paths.ts').toEqual([]);
  });

  it('the grep sees a path written by hand (so the check above can fail)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apipaths-'));
    const file = path.join(dir, 'x.ts');
    // Built at run time so that this file itself holds no such literal.
    const sample = ['const a = `', API_PREFIX, patterns.block.replace(':block', '${n}'), "`;\nconst b = '", patterns.homeData, "';\n"].join(
      '',
    );
    fs.writeFileSync(file, `${sample}// ${patterns.txData} in a comment is fine\nconst c = '/Account';\n`);
    try {
      expect(
        literalPieces(file)
          .filter((p) => LOOKS.test(p.text))
          .map((p) => p.line),
      ).toEqual([1, 2]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('builds encoded paths from the patterns, with an optional query string', () => {
    expect(paths.txData('0xab')).toBe('/getTransactionData/0xab');
    expect(apiPaths.txData('0xab')).toBe(`${API_PREFIX}/getTransactionData/0xab`);
    expect(paths.userTx({ address: 'r1', page: 2, size: 20 })).toBe('/getuserTransction/r1/2/20');
    expect(paths.walletData('a b/c?@x')).toBe(`/getwalletdata/${encodeURIComponent('a b/c?@x')}`);
    expect(seg('a/b')).toBe('a%2Fb');
    expect(paths.topAccounts({ page: 1, apikey: undefined })).toBe('/getTopaccounts?page=1');
    expect(apiPaths.etherscan({ module: 'account', action: 'balance' })).toBe(`${API_PREFIX}?module=account&action=balance`);
    expect(apiPaths.etherscanV2({ chainid: 18215 })).toBe(`${API_PREFIX}/v2/api?chainid=18215`);
    expect(apiPaths.metrics()).toBe('/metrics');
    expect(openApiPaths.tokenBalance).toBe(`${API_PREFIX}/tokenbalance/{address}/{contractAddr}`);
    expect(docPaths.balance).toBe('/getBalance/{address}');
    expect(rawApiPath('txData', '%E0%A4%A')).toBe(`${API_PREFIX}/getTransactionData/%E0%A4%A`);
    expect(rawPath('blocks', '1')).toBe('/getBlocks/1');
    // @ts-expect-error a parameter name the pattern does not have
    expect(() => paths.userTx({ addr: 'r1', page: 1, size: 20 })).toThrow(/no value for :address/);
    // @ts-expect-error a route without parameters takes none
    paths.homeData('x');
  });

  it("rubyweb3 keeps the registry's patterns and builds the same paths", () => {
    for (const [name, pattern] of Object.entries(API_PATTERNS)) expect(pattern, name).toBe(patterns[name as ApiRouteName]);
    expect(packagePaths.balance('r12')).toBe(paths.balance('r12'));
    expect(packagePaths.tokenBalance('r1', 'r2')).toBe(paths.tokenBalance({ address: 'r1', contractAddr: 'r2' }));
    expect(packagePaths.txData('0xab')).toBe(paths.txData('0xab'));
    expect(packagePaths.block(7)).toBe(paths.block(7));
    expect(packagePaths.block('0x/?')).toBe(paths.block('0x/?'));
  });
});

describe("the API registers exactly the registry's routes", () => {
  let close: (() => Promise<void>) | null = null;
  afterAll(async () => close?.());

  it('every registered route, method for method, and nothing else', async () => {
    const [{ loadConfig }, { buildApi }, { openDatabase }, { LocalBus }] = await Promise.all([
      import('../../server/config'),
      import('../../server/api/server'),
      import('../../server/db/database'),
      import('../../server/events'),
    ]);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'apipaths-api-'));
    const NO_NODE = 'http://127.0.0.1:9'; // nothing listens: building the routes needs no node
    const db = await openDatabase({ databaseUrl: null, dataDir: null });
    const config = loadConfig({ DATA_DIR: dir, RUBY_RPC_URL: NO_NODE });
    const idle = { indexedBlock: null, head: 0, percent: 0, catchingUp: true };
    const { app } = await buildApi({
      config,
      db,
      bus: new LocalBus(),
      rpcUrl: NO_NODE,
      indexerStatus: () => idle,
      log: () => {},
      distDir: path.join(dir, 'no-dist'),
    });
    close = async () => {
      await app.close();
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
    await app.ready();

    const seen = new Set<string>();
    for (const r of registered) {
      const methods = (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== 'HEAD');
      const all = methods.length > 4;
      const url = r.url === API_PREFIX ? '/' : r.url.startsWith(`${API_PREFIX}/`) ? r.url.slice(API_PREFIX.length) : `root:${r.url}`;
      for (const m of all ? ['ALL'] : methods) seen.add(`${m} ${url}`);
    }
    const expected = new Set<string>();
    for (const def of Object.values(API_ROUTES))
      for (const m of def.methods) expected.add(`${m} ${'root' in def ? `root:${def.pattern}` : def.pattern}`);
    expect([...seen].sort()).toEqual([...expected].sort());
  });
});
