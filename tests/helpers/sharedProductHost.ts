/**
 * The shared product's host process (sharedProduct.ts): `node --import tsx sharedProductHost.ts
 * <dir> <runPid>`. Starts one product, writes where it is to <dir>/product.json, copies its log to
 * <dir>/product.log, and stops it when the vitest run (runPid) is gone or <dir>/stop appears.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startProduct, type Product, type ProductAddress } from './product';
import { SHARED_PRODUCT_ENV } from './sharedProduct';

const [dir, runPidText] = process.argv.slice(2);
const runPid = Number(runPidText);
if (!dir || !Number.isInteger(runPid)) {
  console.error('usage: sharedProductHost.ts <dir> <runPid>');
  process.exit(2);
}

function runAlive(): boolean {
  try {
    process.kill(runPid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const writeAtomically = (file: string, text: string) => {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
};

let product: Product | null = null;
try {
  product = await startProduct({ label: 'shared', startTimeoutMs: 400_000, env: SHARED_PRODUCT_ENV });
  const at: ProductAddress = { url: product.url, rpcUrl: product.rpcUrl, dataDir: product.dataDir, deployment: product.deployment };
  writeAtomically(path.join(dir, 'product.json'), JSON.stringify(at));
  console.log(`shared product: ${product.url} for run ${runPid}`);
} catch (err) {
  writeAtomically(path.join(dir, 'error.txt'), err instanceof Error ? (err.stack ?? err.message) : String(err));
  process.exit(1);
}

const running = product;
for (;;) {
  fs.writeFileSync(path.join(dir, 'product.log'), running.process.output());
  if (!runAlive() || fs.existsSync(path.join(dir, 'stop'))) break;
  await new Promise((r) => setTimeout(r, 1_000));
}
const result = await running.stop();
console.log(`shared product stopped: ${JSON.stringify(result)}`);
process.exit(0);
