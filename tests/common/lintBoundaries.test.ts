/**
 * The import boundaries of eslint.config.js (docs/architecture.md#boundaries), run through
 * ESLint's Node API on small snippets at made-up paths of the repository: each forbidden import
 * fails with its zone's message, each allowed one passes; and no block of the config lets a single
 * file through (the restructuring's temporary allow-list is gone).
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The messages of `rule` for a file at `file` that holds `code`. */
async function messages(file: string, code: string, rule = 'no-restricted-imports'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${file}` });
  expect(result, 'ESLint linted the snippet').toBeDefined();
  return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
}

const importing = (specifier: string) => `import { thing } from '${specifier}';\nexport const value = thing;\n`;

interface Case {
  file: string;
  forbidden: string[];
  allowed: string[];
  /** A phrase of the zone's message. */
  says: string;
}

const CASES: Case[] = [
  {
    file: 'src/app/newModule.ts',
    forbidden: ['../../server/api/http', '../../server/config'],
    allowed: ['../../common/spec', './urls', '../lib/amount', '../features/home/homeApi'],
    says: 'The SPA (src/) must not import server/',
  },
  {
    file: 'server/api/newModule.ts',
    forbidden: ['../../src/lib/amount', '../../src/features/home/texts'],
    allowed: ['../../common/address', './http', '../db/schema'],
    says: 'server/ must not import the SPA (src/)',
  },
  {
    file: 'common/api/newModule.ts',
    forbidden: ['../../src/lib/amount', '../../server/db/schema'],
    allowed: ['../address', './base', '../spec'],
    says: 'common/ is imported by both sides and imports neither',
  },
  {
    file: 'src/ui/NewPart.tsx',
    forbidden: ['../features/home/HomePage', '../features/transactions/txFormat'],
    allowed: ['../lib/amount', './Tabs', '../app/urls', '../../common/spec'],
    says: 'src/ui and src/lib are shared parts',
  },
  {
    file: 'src/lib/newHelper.ts',
    forbidden: ['../features/search/searchFlow', '../sections/search/SearchBox'],
    allowed: ['./amount', '../../common/address'],
    says: 'src/ui and src/lib are shared parts',
  },
  {
    file: 'src/machines/newMachine.ts',
    forbidden: ['react', 'react-dom/client', 'react-redux', '@reduxjs/toolkit', '@reduxjs/toolkit/query/react', '@xstate/react'],
    allowed: ['xstate', '../lib/amount', '../../common/spec'],
    says: 'Machines (src/machines) import neither React nor Redux',
  },
  {
    file: 'src/machines/otherMachine.ts',
    forbidden: ['../features/wallet/texts', '../ui/Tabs', '../sections/search/texts'],
    allowed: ['./paginationMachine'],
    says: 'Machines (src/machines) import no feature or UI module',
  },
  {
    file: 'src/features/home/NewPanel.tsx',
    forbidden: ['../transactions/TransactionList', '../transactions/txFormat', '../addresses/addresses.css', '../../features/blocks/texts'],
    allowed: ['../transactions/AllTransactionsPage', '../transactions/transactionsApi', './texts', './charts/ChartBox', '../../ui/Tabs'],
    says: 'src/features/home may use another feature only through its *Page screen or *Api endpoints',
  },
  {
    file: 'src/features/home/charts/NewChart.tsx',
    forbidden: ['../../charts/ChartCard', '../../transactions/txFormat'],
    allowed: ['../HomePage', './chartFormat', '../texts', '../../charts/ChartsPage', '../../charts/chartsApi', '../../../ui/Tabs'],
    says: 'src/features/home may use another feature only through its *Page screen or *Api endpoints',
  },
  {
    file: 'src/sections/search/NewPart.tsx',
    forbidden: ['../../features/search/NoResultsPage', '../../features/transactions/texts', '../../features/addresses/addresses.css'],
    allowed: [
      '../../features/search/searchApi',
      './texts',
      '../transactions/TransactionList',
      '../../ui/Tabs',
      '../../lib/amount',
      '../../../common/spec',
    ],
    says: 'src/sections are shared by several features',
  },
  {
    file: 'src/features/tokens/NewTab.tsx',
    forbidden: ['../contracts/texts', '../addresses/addresses.css'],
    allowed: ['../../sections/contract/ContractCode', '../../sections/catalogue/texts', '../../sections/search/search.css'],
    says: 'src/features/tokens may use another feature only through its *Page screen or *Api endpoints',
  },
  {
    file: 'server/auth/newAuthPart.ts',
    // The API's infrastructure (context, errors, parsing) is server/core's; nothing of server/api is shared.
    forbidden: ['../api/routes/wallet', '../api/http', '../api/server', '../api'],
    allowed: ['./jwt', '../../common/api/wallet', '../db/schema', '../core/http', '../core/context', '../queries/tokens'],
    says: 'Only server/api imports server/api',
  },
  {
    file: 'server/realtime/newChannel.ts',
    forbidden: ['../api/routes/blocks', '../api/blockscout/blocks'],
    allowed: ['../queries/home', '../core/context', '../watchlist/alerts'],
    says: 'Only server/api imports server/api',
  },
  {
    file: 'server/wallet/deep/newPart.ts',
    forbidden: ['../../api/routes/wallet', '../../api/workGate'],
    allowed: ['../../queries/wallet', '../../core/params', '../../../common/api/wallet'],
    says: 'Only server/api imports server/api',
  },
  {
    file: 'server/core/newHelper.ts',
    forbidden: ['../api/server', '../auth/jwt', '../queries/blocks', '../services/callTree', '../realtime/socket', '../indexer/options'],
    allowed: ['./http', '../db/schema', '../chain/rpc', '../config', '../events', '../../common/address'],
    says: 'server/core is imported by every area and imports none',
  },
  {
    file: 'server/api/routes/newRoute.ts',
    forbidden: ['../../../src/lib/amount'],
    allowed: ['../../core/http', '../../queries/blocks', '../../services/callTree', '../../realtime/payloads', '../server', './blocks'],
    says: 'server/ must not import the SPA (src/)',
  },
];

describe('import boundaries (eslint.config.js)', () => {
  for (const c of CASES) {
    describe(c.file, () => {
      for (const specifier of c.forbidden) {
        it(`refuses '${specifier}'`, async () => {
          const found = await messages(c.file, importing(specifier));
          expect(found).toHaveLength(1);
          expect(found[0]).toContain(c.says);
          expect(found[0]).toContain('docs/architecture.md#boundaries');
        });
      }
      for (const specifier of c.allowed) {
        it(`accepts '${specifier}'`, async () => {
          expect(await messages(c.file, importing(specifier))).toEqual([]);
        });
      }
    });
  }

  it('holds no exception: every boundary block covers a glob of files, none a single file', async () => {
    const configUrl = new URL('../../eslint.config.js', import.meta.url).href;
    const config = ((await import(/* @vite-ignore */ configUrl)) as { default: { files?: string[]; rules?: Record<string, unknown> }[] })
      .default;
    const blocks = config.filter((b) => b.rules !== undefined && 'no-restricted-imports' in b.rules);
    expect(blocks.length).toBeGreaterThanOrEqual(9);
    for (const b of blocks) for (const f of b.files ?? []) expect(f, 'a boundary block names files by a glob').toContain('*');
  });

  it('sees lazy import() the same way, with the same message', async () => {
    const lazy = (specifier: string) => `export const load = () => import('${specifier}');\n`;
    const found = await messages('src/ui/LazyPart.tsx', lazy('../features/home/HomePage'), 'boundaries/dynamic-imports');
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('src/ui and src/lib are shared parts');
    expect(await messages('src/machines/lazyMachine.ts', lazy('../features/wallet/walletApi'), 'boundaries/dynamic-imports')).toHaveLength(
      1,
    );
    expect(await messages('src/app/lazyRoutes.tsx', lazy('../features/home/HomePage'), 'boundaries/dynamic-imports')).toEqual([]);
    expect(await messages('src/ui/LazyPart.tsx', lazy('./charts/SimpleBarChart'), 'boundaries/dynamic-imports')).toEqual([]);
  });

  it('counts type-only imports and re-exports too', async () => {
    expect(
      await messages('src/app/newTypes.ts', "import type { Config } from '../../server/config';\nexport type C = Config;\n"),
    ).toHaveLength(1);
    expect(await messages('src/ui/reexport.ts', "export { HomePage } from '../features/home/HomePage';\n")).toHaveLength(1);
  });
});

describe('max-len', () => {
  it('refuses a code line over 160 characters, not a long string', async () => {
    const long = `export const values = [${Array.from({ length: 40 }, (_, i) => i + 100).join(', ')}];\n`;
    expect(long.length).toBeGreaterThan(161);
    expect(await messages('src/lib/newLong.ts', long, 'max-len')).toHaveLength(1);
    const longString = `export const text = '${'x'.repeat(200)}';\n`;
    expect(await messages('src/lib/newLong.ts', longString, 'max-len')).toEqual([]);
  });
});
