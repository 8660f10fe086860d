/**
 * Issue #38, defect 2: the server start sets production mode itself. Started as a user's shell
 * starts it, with no NODE_ENV (this run's NODE_ENV=test emptied), the server renders its pages
 * with React's production build, which /metrics reports from the file Node loaded
 * (`ruby_build_info{react}`, server/metrics.ts), and logs none of the development builds' checks.
 * The built entry (`node dist-server/main.js start`) is covered by the shipped suite (tests/shipped).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPaths } from '../../common/api/paths';
import { SERVER_STATE_ID } from '../../common/routeSkeleton';
import { startProduct, type Product } from '../helpers/product';

let product: Product | null = null;

beforeAll(async () => {
  product = await startProduct({ label: 'production-mode', env: { NODE_ENV: '' }, waitForTraffic: false, minIndexedBlock: 2 });
}, 300_000);
afterAll(async () => {
  await product?.stop();
}, 60_000);

/** The labels of `ruby_build_info` in a Prometheus text. */
function buildInfo(metrics: string): Record<string, string> {
  const line = metrics.split('\n').find((l) => l.startsWith('ruby_build_info{'));
  if (!line) throw new Error('no ruby_build_info in /metrics');
  return Object.fromEntries([...line.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

it('reports no React build before the first server-rendered page', async () => {
  const info = buildInfo(await (await fetch(`${product!.url}${apiPaths.metrics()}`)).text());
  expect(info).toMatchObject({ node_env: 'production', react: 'none' });
});

it('renders pages with the production builds when NODE_ENV is not set', async () => {
  const p = product!;
  for (const page of ['/', '/block/1']) {
    // Rendered with its data within the server's deadline (on a loaded machine a try may fall back
    // to the skeleton page; the renderer is loaded either way).
    let rendered = false;
    for (let i = 0; i < 5 && !rendered; i++) {
      const res = await fetch(`${p.url}${page}`);
      expect(res.status, page).toBe(200);
      rendered = (await res.text()).includes(`id="${SERVER_STATE_ID}"`);
      if (!rendered) await new Promise((r) => setTimeout(r, 2_000));
    }
    expect(rendered, `${page}: server-rendered (with its state)`).toBe(true);
  }
  const info = buildInfo(await (await fetch(`${p.url}${apiPaths.metrics()}`)).text());
  expect(info).toMatchObject({ node_env: 'production', react: 'production' });
  expect(p.process.output()).not.toMatch(/SerializableStateInvariantMiddleware|ImmutableStateInvariantMiddleware|development build/i);
});
