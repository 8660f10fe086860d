import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: server/common tests in node (real devnet + databases), SPA tests in jsdom,
// browser end-to-end tests (real product + Debian chromium) run last and alone.
export default defineConfig({
  plugins: [react()],
  // The rubyweb3 package's examples import it by name, as its users do (tsconfig.json maps it too).
  resolve: { alias: { rubyweb3: fileURLToPath(new URL('./packages/rubyweb3/src/index.ts', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'tests/common/**/*.test.ts', 'tests/bench/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/src/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/src/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 300_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
