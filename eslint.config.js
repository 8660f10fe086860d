import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/*
 * Import boundaries (docs/architecture.md#boundaries), with ESLint's own no-restricted-imports.
 * The rule's options do not merge across config blocks (the last block that matches a file wins),
 * so each file gets ONE block holding every zone that applies to it (zonesOf below).
 */
const SEE = ' (docs/architecture.md#boundaries)';
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A zone: a regex over the import specifier and the message shown when it matches. */
const zone = (body, message) => ({ regex: `^${body}`, message: message + SEE, caseSensitive: true });
/** A relative import whose path has `name` as one of its folders. */
const relTo = (name) => `\\.{1,2}/(?:.*/)?(?:${name})(?:/|$)`;

const SPA_NOT_SERVER = zone(relTo('server'), 'The SPA (src/) must not import server/: share types and constants through common/');
const SERVER_NOT_SPA = zone(relTo('src'), 'server/ must not import the SPA (src/): share through common/');
const COMMON_NOT_SIDES = zone(relTo('src|server'), 'common/ is imported by both sides and imports neither src/ nor server/');
const SHARED_NOT_FEATURES = zone(
  relTo('features|sections'),
  'src/ui and src/lib are shared parts: they must not import a feature or a section (move the piece to src/ui or src/lib)',
);
const SECTIONS_NOT_FEATURE_INTERNALS = zone(
  '(?:\\.\\./)+features/[^/]+/(?![A-Za-z0-9]*Api$)',
  'src/sections are shared by several features: they may use a feature only through its *Api endpoints (texts and styles go with the section)',
);
const MACHINES_NOT_VIEW = zone(
  '(?:react|react-dom|react-redux|@reduxjs/toolkit|@xstate/react)(?:/|$)',
  'Machines (src/machines) import neither React nor Redux: views use the machine, not the other way round',
);
const MACHINES_NOT_SCREENS = zone(
  relTo('features|ui|sections'),
  'Machines (src/machines) import no feature or UI module: network work is an actor, texts and rules live in src/lib or common/',
);
const AREA_NOT_API = zone(
  '(?:\\.\\./)+api(?:/|$)',
  'Only server/api imports server/api: an area (server/auth, server/wallet, server/realtime, …) takes what it shares with the API from server/core or server/queries',
);
const CORE_NOT_AREAS = zone(
  '\\.\\./(?!(?:db|chain)/)[^./][^/]*/',
  'server/core is imported by every area and imports none: only server/db, server/chain, the files directly in server/ and common/',
);

/**
 * Another feature's internals, seen from a file `depth` folders below src/features/<feature>/.
 * Allowed: another feature's whole screen (`*Page.tsx`) and its RTK endpoints (`*Api.ts`).
 */
const otherFeatureInternals = (feature, depth) =>
  zone(
    `(?:\\.\\./){${depth + 1}}(?:\\.\\./features/)?(?!${esc(feature)}/)[^./][^/]*/(?![A-Za-z0-9]*(?:Page|Api)$)`,
    `src/features/${feature} may use another feature only through its *Page screen or *Api endpoints: move shared parts to src/ui, src/lib or src/sections`,
  );

/** The zones of a file (a repository-relative path; a folder path ending in '/x' works too). */
function zonesOf(file) {
  const feature = /^src\/features\/([^/]+)\/(.*)$/.exec(file);
  if (feature) return [SPA_NOT_SERVER, otherFeatureInternals(feature[1], feature[2].split('/').length - 1)];
  if (/^src\/(ui|lib)\//.test(file)) return [SPA_NOT_SERVER, SHARED_NOT_FEATURES];
  if (file.startsWith('src/sections/')) return [SPA_NOT_SERVER, SECTIONS_NOT_FEATURE_INTERNALS];
  if (file.startsWith('src/machines/')) return [SPA_NOT_SERVER, MACHINES_NOT_VIEW, MACHINES_NOT_SCREENS];
  if (file.startsWith('src/')) return [SPA_NOT_SERVER];
  if (file.startsWith('server/api/')) return [SERVER_NOT_SPA];
  if (file.startsWith('server/core/')) return [SERVER_NOT_SPA, CORE_NOT_AREAS];
  if (/^server\/[^/]+\//.test(file)) return [SERVER_NOT_SPA, AREA_NOT_API];
  if (file.startsWith('server/')) return [SERVER_NOT_SPA];
  if (file.startsWith('common/')) return [COMMON_NOT_SIDES];
  return [];
}

const FEATURES = readdirSync(new globalThis.URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const MAX_FEATURE_DEPTH = 4;
const CODE = '*.{ts,tsx,js,jsx,mjs}';

/**
 * no-restricted-imports does not look at `import('…')`: the same zones for lazy imports, with
 * the same message, so a lazy screen or actor cannot cross a boundary a static import may not.
 */
const boundaries = {
  rules: {
    'dynamic-imports': {
      meta: { type: 'problem', schema: false },
      create(context) {
        const zones = (context.options[0] ?? []).map((z) => ({ re: new RegExp(z.regex, z.caseSensitive ? '' : 'i'), message: z.message }));
        return {
          ImportExpression(node) {
            const source = node.source.type === 'Literal' ? node.source.value : null;
            if (typeof source !== 'string') return;
            const hit = zones.find((z) => z.re.test(source));
            if (hit) context.report({ node, message: `'${source}' import is restricted from being used by a pattern. ${hit.message}` });
          },
        };
      },
    },
  },
};

const restrict = (files, zones) => ({
  files,
  plugins: { boundaries },
  rules: { 'no-restricted-imports': ['error', { patterns: zones }], 'boundaries/dynamic-imports': ['error', zones] },
});

function boundaryBlocks() {
  const groups = [
    'server/**',
    'server/*/**',
    'server/api/**',
    'server/core/**',
    'common/**',
    'src/**',
    'src/ui/**',
    'src/lib/**',
    'src/sections/**',
    'src/machines/**',
  ];
  for (const feature of FEATURES) {
    for (let depth = 0; depth <= MAX_FEATURE_DEPTH; depth++) groups.push(`src/features/${feature}/${'*/'.repeat(depth)}${CODE}`);
  }
  // More specific groups come later, so their block wins; a sample path names the group's zones.
  return groups.map((g) => restrict([g], zonesOf(g.replace(/\*\*$/, 'x').replace(/\*/g, 'x'))));
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dist-ssr/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'packages/*/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Long lines: Prettier wraps code; what it cannot wrap (strings, URLs, regexes) is exempt.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreUrls: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true }],
    },
  },
  ...boundaryBlocks(),
);
