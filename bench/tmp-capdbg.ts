import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, startDevnet } from '../server/chain/devnet';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'capdbg-'));
const devnet = await startDevnet({ dataDir: dir, port: 0, chainId: 18215, blockTime: 0, persist: false });
const port = await freePort();
console.log('PORT', port, devnet.url);
const api = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts', 'api'], {
  env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ruby_capacity', RUBY_RPC_URL: devnet.url, PORT: String(port), DATA_DIR: dir, RATE_LIMIT_ANONYMOUS: '0', LOG_LEVEL: 'info' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
process.on('SIGTERM', async () => { api.kill('SIGTERM'); await devnet.stop(); process.exit(0); });
await new Promise(() => {});
