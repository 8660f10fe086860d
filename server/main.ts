/**
 * CLI: `start` (everything in one process), `api` (API only; PostgreSQL mode), `indexer`
 * (indexer only; PostgreSQL mode), `devnet` (devnet + traffic only), `feedback` (print the stored
 * report-issue and feature-request submissions, then exit; see feedbackCli.ts), `apikey` (create,
 * list and revoke API keys).
 */
import { loadConfig } from './config';
import { startApp, startDevnetAndTraffic } from './app';
import { startIdleCollector } from './memory';

const log = (msg: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${msg}`);

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'start';
  const config = loadConfig();
  if (command === 'feedback') {
    const { runFeedbackCommand } = await import('./feedbackCli');
    process.stdout.write(await runFeedbackCommand(process.argv.slice(3), config));
    return;
  }
  let stop: () => Promise<void>;
  switch (command) {
    case 'start': {
      const app = await startApp(config, log);
      stop = app.stop;
      break;
    }
    case 'devnet': {
      const { devnet, traffic, rpcUrl } = await startDevnetAndTraffic(config, log);
      log(`devnet ready at ${rpcUrl}`);
      stop = async () => {
        await traffic?.stop();
        await devnet?.stop();
      };
      break;
    }
    case 'indexer':
    case 'api': {
      const { startSplitProcess } = await import('./split');
      stop = await startSplitProcess(command, config, log);
      break;
    }
    case 'apikey': {
      // Operator tool: `apikey create <label>` | `apikey list` | `apikey revoke <id>`; exits when done.
      const { runApiKeyCommand } = await import('./api/apiKeyCli');
      process.exit(await runApiKeyCommand(process.argv.slice(3), config));
      break;
    }
    default:
      console.error(`unknown command "${command}": use start | api | indexer | devnet | feedback | apikey`);
      process.exit(2);
  }
  // Between bursts of requests (and, in the split indexer, between catch-ups) give garbage back.
  const collector = startIdleCollector();
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    collector.stop();
    stop().then(() => process.exit(0), (err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
