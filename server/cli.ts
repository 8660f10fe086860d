/**
 * The commands of server/main.ts (the entry, which sets production mode before this module and
 * its packages are loaded): `start` (everything in one process), `api` (API only; PostgreSQL mode), `indexer`
 * (indexer only; PostgreSQL mode), `devnet` (devnet + traffic only), `feedback` (print the stored
 * report-issue and feature-request submissions, then exit; see feedbackCli.ts), `apikey` (create,
 * list and revoke API keys).
 */
import { loadConfig } from './config';
import { devnetStep, startApp, startDevnetAndTraffic, trafficStep } from './app';
import { startIdleCollector } from './memory';
import { StartupError } from './ports';
import { exitOnSignals, type ShutdownStep } from './shutdown';

const log = (msg: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${msg}`);

/** Runs the command named on the command line; a failure to start exits 1 with its message. */
export function runCli(): void {
  main().catch((err: unknown) => {
    // The message only, never a stack: a StartupError (port taken, data folder in use) is the whole story.
    console.error(err instanceof StartupError ? `cannot start: ${err.message}` : err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
}

async function main(): Promise<void> {
  const command = process.argv[2] ?? 'start';
  const config = loadConfig();
  if (command === 'feedback') {
    const { runFeedbackCommand } = await import('./feedbackCli');
    process.stdout.write(await runFeedbackCommand(process.argv.slice(3), config));
    return;
  }
  let steps: () => ShutdownStep[];
  switch (command) {
    case 'start': {
      const app = await startApp(config, log);
      steps = app.shutdownSteps;
      break;
    }
    case 'devnet': {
      const { devnet, traffic, rpcUrl } = await startDevnetAndTraffic(config, log);
      log(`devnet ready at ${devnet?.publicUrl ?? rpcUrl}`);
      steps = () => [...trafficStep(traffic), ...devnetStep(devnet)];
      break;
    }
    case 'indexer':
    case 'api': {
      const { startSplitProcess } = await import('./split');
      steps = await startSplitProcess(command, config, log);
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
  // SIGTERM / SIGINT: the steps in order within 10 s; a second signal exits at once.
  exitOnSignals({
    log,
    steps: () => {
      collector.stop();
      return steps();
    },
  });
}
