import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build, createServer, defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { SKELETONS_FILE, type ShellLanguages } from './common/routeSkeleton.ts';

const ROOT = import.meta.dirname;

/**
 * index.html's #root gets the page shell (header, footer, a Loading main) as static HTML, made
 * by rendering the real Layout with react-dom/server (src/app/shell/renderShell.tsx) through a
 * short-lived Vite SSR server: the first paint is the layout, before any JavaScript runs. The
 * landing routes' skeletons (src/app/shell/RouteSkeleton.tsx: search box, heading, busy panel)
 * are rendered there too, into dist/.vite/route-skeletons.json, for the server to put in the main
 * of those routes' HTML (server/api/spaShell.ts). Both once per language: index.html
 * holds the English shell; the server swaps in another language's when the request asks for it.
 */
function appShell(): Plugin {
  let outDir = 'dist';
  let languages: ShellLanguages | null = null;
  return {
    name: 'ruby-app-shell',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async transformIndexHtml(html) {
      const server = await createServer({
        configFile: false,
        root: ROOT,
        logLevel: 'error',
        appType: 'custom',
        plugins: [react()],
        server: { middlewareMode: true, hmr: false, ws: false },
      });
      try {
        const mod = (await server.ssrLoadModule('/src/app/shell/renderShell.tsx')) as {
          renderShellLanguages: () => Promise<ShellLanguages>;
        };
        if (!html.includes('<!--app-shell-->')) throw new Error('index.html lacks the <!--app-shell--> marker');
        languages = await mod.renderShellLanguages();
        const english = languages.en?.shell;
        if (!english) throw new Error('the English app shell did not render');
        return html.replace('<!--app-shell-->', english);
      } finally {
        await server.close();
      }
    },
    writeBundle() {
      if (!languages) return;
      fs.mkdirSync(path.join(outDir, '.vite'), { recursive: true });
      fs.writeFileSync(path.join(outDir, '.vite', SKELETONS_FILE), JSON.stringify(languages));
    },
  };
}

/**
 * The server's renderer of landing pages with their data (src/app/shell/renderPage.tsx, issue
 * #17), built for Node beside the SPA: `<outDir>-ssr/renderPage.js`, outside dist/ so the static
 * files never serve it. Its packages stay in node_modules (Vite's SSR build externalizes them).
 */
function serverRender(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ruby-server-render',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      await build({
        configFile: false,
        root: ROOT,
        logLevel: 'warn',
        plugins: [react()],
        build: {
          ssr: 'src/app/shell/renderPage.tsx',
          outDir: `${outDir}-ssr`,
          emptyOutDir: true,
          target: 'node20',
          sourcemap: false,
        },
      });
    },
  };
}

/** Text files worth compressing; smaller ones fit in a packet anyway. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;
const MIN_COMPRESS_BYTES = 512;

/**
 * A .br (quality 11) and a .gz (level 9) beside every text file of the build, once, so the
 * server (@fastify/static preCompressed) sends them without compressing per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'ruby-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle, not closeBundle: rolldown calls the latter after a failed build too.
    writeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
          const full = path.join(dir, e.name);
          if (e.isDirectory()) return e.name === '.vite' ? [] : walk(full);
          return COMPRESSIBLE.test(e.name) ? [full] : [];
        });
      for (const file of walk(outDir)) {
        const data = fs.readFileSync(file);
        if (data.length < MIN_COMPRESS_BYTES) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, {
            params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

// Vendor groups (fewer round trips). Every screen needs React, Redux, XState and keccak
// (the r… address form) from the entry: one 'vendor' chunk; ethers and the rest in 'vendor-more';
// socket.io's client in 'socket', loaded after the page's data (src/app/socket.ts). React is in it again: it had been split out when a
// NODE_ENV bug made vitest's builds bundle its development build (tests/helpers/distBuild.ts now
// builds with NODE_ENV=production; tests/server/api/staticFiles.test.ts checks). Charts and
// wallet-only code stay apart, loaded only by the screens that import them.
// Higher priority wins when a module matches several groups; a group also takes the modules its
// own modules import that no higher group has taken (rolldown's includeDependenciesRecursively).
const CHART_VIEWS =
  /[\\/]src[\\/]ui[\\/]charts[\\/](CountFeeLineChart|SimpleBarChart|SimpleLineChart|DoughnutChart|useChartTooltip|axisText)\.tsx$/;
const OWN = /[\\/](src|common)[\\/]/;
const SOCKET_LIBS = /node_modules[\\/](socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/;
const VENDOR =
  /node_modules[\\/](react|react-dom|scheduler|@reduxjs|redux|react-redux|immer|reselect|redux-thunk|xstate|@xstate|ethers|@noble|@adraffy|aes-js|socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io)[\\/]/;

/**
 * The screens a visitor lands on from outside (a shared link, a search engine): their shared
 * modules go in the 'shared' chunk, every other screen's in 'shared-more' (see vendorGroups).
 */
const LANDING_SCREENS = [
  'features/home/HomePage.tsx',
  'features/blocks/BlockPage.tsx',
  'features/transactions/TransactionPage.tsx',
  'features/addresses/AddressPage.tsx',
];

/**
 * Modules the landing screens import statically (not what they load lazily, such as the chart
 * views), and the same from the entry too (`initial`: what a landing page runs before its data),
 * found in the module graph once it is complete (buildEnd runs before the chunking that reads the
 * sets).
 */
function landingModules(): { plugin: Plugin; has: (id: string) => boolean; initial: (id: string) => boolean } {
  const found = new Set<string>();
  const withEntry = new Set<string>();
  const plugin: Plugin = {
    name: 'ruby-landing-modules',
    apply: 'build',
    buildEnd() {
      const walk = (roots: string[], into: Set<string>) => {
        into.clear();
        const stack = [...roots];
        while (stack.length > 0) {
          const id = stack.pop() as string;
          if (into.has(id)) continue;
          into.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
      };
      const ids = [...this.getModuleIds()];
      const screens = ids.filter((id) => LANDING_SCREENS.some((s) => id.endsWith(`/src/${s}`)));
      if (screens.length !== LANDING_SCREENS.length) this.error(`landing screens not found: ${LANDING_SCREENS.join(', ')}`);
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry);
      if (entries.length === 0) this.error('no entry module');
      walk(screens, found);
      walk([...entries, ...screens], withEntry);
    },
  };
  return { plugin, has: (id) => found.has(id), initial: (id) => withEntry.has(id) };
}
const landing = landingModules();
const vendorGroups = [
  // Only what the entry and the landing screens import: ethers is one package but the landing
  // pages use getAddress alone (common/address.ts); its wallet half (keystores and their AES,
  // HD wallets and the word list, signing, ABI coding: 58 KB gzipped of this chunk's 195) goes to
  // 'vendor-more', loaded by the screens that import it.
  { name: 'vendor', test: (id: string) => VENDOR.test(id) && landing.initial(id), priority: 30 },
  { name: 'vendor-more', test: VENDOR, priority: 29 },
  // socket.io's client, imported by src/app/socket.ts once a page has its data or has settled.
  { name: 'socket', test: SOCKET_LIBS, priority: 31 },
  { name: 'charts', test: /node_modules[\\/](@visx|d3-[\w-]+|internmap|@react-spring|@use-gesture)[\\/]/, priority: 20 },
  // Our own modules the entry loads anyway (the shell, the store, the API slices it imports): in
  // one chunk with it, not split by which screens also use them.
  { name: 'app', test: /[\\/](src|common)[\\/]/, tags: ['$initial' as const], priority: 10 },
  // Our own modules that two or more screens share (API slices, table cells, formatters, the
  // search box) in two chunks: on a phone each extra file is a request behind the six-connection
  // limit of HTTP/1.1 and a 150 ms round trip, which costs more than some unused KB. Measured: split
  // by the screens that share them (entriesAware, subgroups merged below 24 KB) the home loaded 4
  // of 7 such files and a block page 5; in one file (183 KB, 36 KB gzipped) the home loaded 4 times
  // what it uses. So: 'shared' holds what the landing screens (LANDING_SCREENS) import, the only
  // shared file those four load; 'shared-more' the rest (contract forms, wallet, docs, feedback),
  // a second file for the other screens only. The chart views are left to their own group: in here
  // they would make these chunks import the chart libraries.
  {
    name: 'shared',
    test: (id: string) => OWN.test(id) && !CHART_VIEWS.test(id) && landing.has(id),
    minShareCount: 2,
    priority: 6,
  },
  {
    name: 'shared-more',
    test: (id: string) => OWN.test(id) && !CHART_VIEWS.test(id),
    minShareCount: 2,
    priority: 5,
  },
  // The chart components (src/ui/charts/lazyCharts.ts loads each on demand) in one file beside
  // the libraries: the home's two charts cost two requests, not four. Below 'shared' so the
  // modules they share with the screens stay there and this file only adds chart code.
  { name: 'chart-views', test: CHART_VIEWS, priority: 4 },
];

export default defineConfig({
  plugins: [react(), appShell(), precompress(), serverRender(), landing.plugin],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // One stylesheet for the whole app (47 KB, 13 KB as brotli) instead of 23 per-chunk files:
    // a screen's CSS costs no extra request, and nothing paints unstyled while a chunk's CSS loads.
    cssCodeSplit: false,
    // dist/.vite/manifest.json: which chunks each route loads (bench/bundle.ts reads it).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/socket.io': { target: 'http://127.0.0.1:8080', ws: true, changeOrigin: true },
      // The MCP server and /llms.txt live at the API server's root (the /Api page links them).
      '/mcp': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/llms.txt': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/socket.io': { target: 'http://127.0.0.1:8080', ws: true, changeOrigin: true },
      // The MCP server and /llms.txt live at the API server's root (the /Api page links them).
      '/mcp': { target: 'http://127.0.0.1:8080', changeOrigin: true },
      '/llms.txt': { target: 'http://127.0.0.1:8080', changeOrigin: true },
    },
  },
});
