/**
 * Keeps the bundled devnet's state file bounded across restarts (issue #38, defect 7). anvil's
 * `--transaction-block-keeper` drops old blocks' transactions (receipts, traces) but keeps every
 * block with its transaction bodies, and the file keeps historical states an older release dumped
 * (`--preserve-historical-states`). Before anvil loads the file, it is rewritten with the last
 * `keepBlocks` blocks and no historical states: the chain goes on from the same head with the same
 * hashes (checked in tests/server/chain/devnetState.test.ts), and the explorer serves older blocks
 * from its database.
 */
import fs from 'node:fs/promises';

/** Seconds between anvil's state dumps (DEVNET_STATE_INTERVAL). */
export const DEVNET_STATE_INTERVAL_DEFAULT = 60;
/** Blocks kept with their transactions, and in the file (DEVNET_KEEP_BLOCKS): about 83 minutes of 10-second blocks. */
export const DEVNET_KEEP_BLOCKS_DEFAULT = 500;

/** Larger files are left as they are (V8 cannot hold them as one string); anvil still loads them. */
const MAX_COMPACT_BYTES = 400 * 1024 * 1024;

interface AnvilState {
  best_block_number?: number | string;
  blocks?: Array<{ header?: { number?: number | string } }>;
  transactions?: Array<{ block_number?: number | string }>;
  historical_states?: unknown;
}

const num = (v: number | string | undefined): number => (typeof v === 'string' ? Number(BigInt(v)) : (v ?? 0));

export interface Compaction {
  beforeBytes: number;
  afterBytes: number;
  droppedBlocks: number;
}

/** Rewrites `stateFile` keeping the last `keepBlocks` blocks (0 = all); null when nothing changed. */
export async function compactStateFile(stateFile: string, keepBlocks: number): Promise<Compaction | null> {
  let size: number;
  try {
    size = (await fs.stat(stateFile)).size;
  } catch {
    return null; // no state yet
  }
  if (size > MAX_COMPACT_BYTES) return null;
  const state = JSON.parse(await fs.readFile(stateFile, 'utf8')) as AnvilState;
  const best = num(state.best_block_number);
  const from = keepBlocks > 0 ? best - keepBlocks + 1 : 0;
  const blocks = state.blocks ?? [];
  const kept = blocks.filter((b) => num(b.header?.number) >= from);
  const historical = state.historical_states !== undefined && state.historical_states !== null;
  if (kept.length === blocks.length && !historical) return null;
  state.blocks = kept;
  state.transactions = (state.transactions ?? []).filter((t) => num(t.block_number) >= from);
  state.historical_states = null;
  const text = JSON.stringify(state);
  const tmp = `${stateFile}.${process.pid}.compact.tmp`;
  await fs.writeFile(tmp, text);
  await fs.rename(tmp, stateFile);
  return { beforeBytes: size, afterBytes: Buffer.byteLength(text), droppedBlocks: blocks.length - kept.length };
}
