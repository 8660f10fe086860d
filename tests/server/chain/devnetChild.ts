/**
 * A process that starts the devnet and then waits, for the tests of what happens to anvil when
 * its parent dies. argv: dataDir, port, "watchdog" | "no-watchdog". Prints one JSON line
 * { pid, port } once anvil answers. Not a test file (no .test.ts).
 */
import { startDevnet } from '../../../server/chain/devnet';

const [dataDir, port, watchdog] = process.argv.slice(2);
const devnet = await startDevnet({
  dataDir: dataDir ?? '.',
  port: Number(port ?? 0),
  chainId: 18215,
  blockTime: 0,
  watchdog: watchdog !== 'no-watchdog',
});
process.stdout.write(`${JSON.stringify({ pid: devnet.pid, port: devnet.port })}\n`);
setInterval(() => {}, 60_000);
