import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { ALONE_FILES } from './tests/helpers/testSlots.ts';

// Projects: server/common tests in node (real devnet + databases), SPA tests in jsdom, the fault
// suite (run on its own), browser end-to-end tests (real product + Debian chromium) last, two files
// at a time.

/**
 * Test files run at once in the node and dom projects (`npm test` runs both in one vitest run,
 * so they share one pool and must have the same value). Vitest's default is the cores minus one:
 * 1 on a 2-core CI machine, so every file ran alone although most node files spend their time
 * waiting on anvil, PostgreSQL and the indexer. 3 keeps both cores busy (bench/README.md, CI time);
 * `TEST_FILES_AT_ONCE` overrides it (not vitest's own VITEST_MAX_WORKERS, which would also lift the
 * one-file-at-a-time projects below).
 */
const PARALLEL_FILES = Number(process.env.TEST_FILES_AT_ONCE) || 3;

/**
 * The files with a time bound (tests/helpers/testSlots.ts) are their own projects, node-alone and
 * e2e-alone, one file at a time, run by `npm test` after the others. Inside the parallel projects an
 * ALONE file had to wait until the running files ended and kept the other workers idle meanwhile
 * (on CI the three-at-a-time run took as long as one at a time: 3,059 s against 2,820 s).
 */
const NODE_ALONE = ALONE_FILES.filter((f) => !f.startsWith('tests/e2e/'));
const E2E_ALONE = ALONE_FILES.filter((f) => f.startsWith('tests/e2e/'));
const NODE_FILES = ['tests/server/**/*.test.ts', 'tests/common/**/*.test.ts', 'tests/bench/**/*.test.ts', 'packages/*/test/**/*.test.ts'];

export default defineConfig({
  plugins: [react()],
  // The rubyweb3 package's examples import it by name, as its users do (tsconfig.json maps it too).
  resolve: { alias: { rubyweb3: fileURLToPath(new URL('./packages/rubyweb3/src/index.ts', import.meta.url)) } },
  test: {
    // Processes the tests start inherit this: the devnet samples' verification (nine compilations in
    // the background of every product start) is tested on its own (tests/server/api/trafficVerify.test.ts).
    env: { TRAFFIC_VERIFY: 'false' },
    // A test that passed only on a retry is printed as FLAKY with its first error (the browser
    // projects retry once; tests/helpers/flakyReporter.ts).
    reporters: ['default', './tests/helpers/flakyReporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: NODE_FILES,
          exclude: [...configDefaults.exclude, ...NODE_ALONE],
          testTimeout: 120_000,
          // A file's beforeAll starts and seeds its devnet; with three files at once it shares the CPU.
          hookTimeout: 300_000,
          pool: 'forks',
          maxWorkers: PARALLEL_FILES,
          // Files with a time bound are in node-alone (below); the slot is kept for runs that name one.
          setupFiles: ['tests/helpers/testSlotsSetup.ts'],
        },
      },
      {
        // The node files with a time bound (tests/helpers/testSlots.ts, ALONE_FILES), one at a time.
        extends: true,
        test: {
          name: 'node-alone',
          environment: 'node',
          include: NODE_ALONE,
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
          setupFiles: ['tests/helpers/testSlotsSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/src/setup.ts', 'tests/helpers/testSlotsSetup.ts'],
          maxWorkers: PARALLEL_FILES,
          // Three jsdom files share 2 cores (and the node files beside them): a test that renders a
          // lazy screen took 6.8 s once where it takes 1.5 s alone. A guard against a hang, not a check.
          testTimeout: 60_000,
          // One retry, printed as FLAKY when it passes (tests/helpers/flakyReporter.ts): under load a
          // jsdom test's timing (a lazy chunk, RTK's next-frame batching) can miss a wait.
          retry: 1,
        },
      },
      {
        // The fault suite (npm run test:faults): real processes killed, a node stopped for 30 s,
        // a private PostgreSQL restarted. Minutes long and CPU-hungry, so one file at a time and
        // not part of `npm test` (see bench/README.md for its time).
        extends: true,
        test: {
          name: 'faults',
          environment: 'node',
          include: ['tests/faults/**/*.test.ts'],
          testTimeout: 900_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        // The any-node suite (npm run test:anynode): the product against a proxy that
        // answers like a plain full node (tests/helpers/plainNode.ts). Not part of `npm test`.
        extends: true,
        test: {
          name: 'anynode',
          environment: 'node',
          include: ['tests/anynode/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        // The scale-out suite (npm run test:scaleout): PostgreSQL, devnet, one indexer,
        // two API processes and nginx (deploy/) on loopback ports. Not part of `npm test`.
        extends: true,
        test: {
          name: 'scaleout',
          environment: 'node',
          include: ['tests/scaleout/**/*.test.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        // The product as shipped (npm run test:shipped): a clean clone of HEAD, the
        // README's command with only the ports set, used over HTTP and in chromium. Not part of
        // `npm test`; .ci/run runs it after the other slow suites.
        extends: true,
        test: {
          name: 'shipped',
          environment: 'node',
          include: ['tests/shipped/**/*.test.ts'],
          globalSetup: ['tests/shipped/globalSetup.ts'],
          testTimeout: 900_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        // The devnet soak (npm run test:soak): a day of 10-second blocks at a block a
        // second (SOAK_BLOCKS), then the same latencies, no breaker opening, a bounded state file.
        extends: true,
        test: {
          name: 'soak',
          environment: 'node',
          include: ['tests/soak/**/*.test.ts'],
          testTimeout: 4 * 3600_000,
          hookTimeout: 300_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        // Two files at a time: most of a file's time is its product starting (a block a second),
        // so another file walks pages meanwhile (the read-only files share one product:
        // tests/helpers/sharedProduct.ts); the files that time the product are in e2e-alone. Its
        // own group, after node and dom when one run includes them (projects with different
        // maxWorkers need different group orders).
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...E2E_ALONE],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          setupFiles: ['tests/helpers/testSlotsSetup.ts'],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          // One retry for a test that failed: a real browser on a shared 2-core machine, beside a
          // devnet mining a block a second. A test that fails twice fails the run; one that passes
          // on its retry is printed as FLAKY (reporter above) and `.ci/run` lists it.
          retry: 1,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // The browser files with a time bound or a whole `npm ci` (ALONE_FILES), one at a time.
        extends: true,
        test: {
          name: 'e2e-alone',
          environment: 'node',
          include: E2E_ALONE,
          globalSetup: ['tests/e2e/globalSetup.ts'],
          setupFiles: ['tests/helpers/testSlotsSetup.ts'],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          retry: 1,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
