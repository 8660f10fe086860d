/**
 * Keeps the bundled devnet's state file bounded across restarts. anvil's
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

/** The last state file that parsed, kept beside it (anvil rewrites the file in place). */
export function previousStateFile(stateFile: string): string {
  return stateFile.replace(/\.json$/, '') + '.prev.json';
}

/** What happened to the state file before anvil loads it. */
export interface StatePreparation {
  compaction: Compaction | null;
  /** The file was cut short (anvil stopped mid-save) and the previous good save took its place. */
  restored: { brokenBytes: number; fromBytes: number } | null;
  /** The file was cut short and no good save was kept: set aside, so the devnet starts anew. */
  setAside: string | null;
}

/** The file's text when it parses as a whole anvil state, else null (a truncated or empty save). */
async function readGoodState(file: string): Promise<{ state: AnvilState; size: number } | null> {
  let text: string;
  try {
    const size = (await fs.stat(file)).size;
    if (size > MAX_COMPACT_BYTES) return { state: {}, size }; // too large to check here: anvil's word
    text = await fs.readFile(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const state = JSON.parse(text) as unknown;
    return typeof state === 'object' && state !== null ? { state: state as AnvilState, size: Buffer.byteLength(text) } : null;
  } catch {
    return null;
  }
}

async function replaceAtomically(file: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await write(tmp);
  await fs.rename(tmp, file);
}

/**
 * Before anvil loads `stateFile`: anvil rewrites it in place every DEVNET_STATE_INTERVAL seconds,
 * so a kill (or a power cut) in the middle leaves it empty or cut short, and anvil then refuses to
 * start. A file that parses is copied to `state.prev.json` (the last good save); one that does not
 * is replaced by that copy (the chain goes on from the previous start's save; the indexer sees the
 * blocks after it replaced, as a reorg), or, with no good copy, set aside so a new chain starts.
 * Then the file is compacted (compactStateFile).
 */
export async function prepareStateFile(stateFile: string, keepBlocks: number): Promise<StatePreparation> {
  const none: StatePreparation = { compaction: null, restored: null, setAside: null };
  let brokenBytes: number;
  try {
    brokenBytes = (await fs.stat(stateFile)).size;
  } catch {
    return none; // no state yet
  }
  const prev = previousStateFile(stateFile);
  const good = await readGoodState(stateFile);
  if (good) {
    await replaceAtomically(prev, (tmp) => fs.copyFile(stateFile, tmp));
    return { ...none, compaction: await compactStateFile(stateFile, keepBlocks, good) };
  }
  const saved = await readGoodState(prev);
  if (saved) {
    await replaceAtomically(stateFile, (tmp) => fs.copyFile(prev, tmp));
    return { ...none, restored: { brokenBytes, fromBytes: saved.size }, compaction: await compactStateFile(stateFile, keepBlocks, saved) };
  }
  const aside = `${stateFile.replace(/\.json$/, '')}.broken-${Date.now()}.json`;
  await fs.rename(stateFile, aside);
  return { ...none, setAside: aside };
}

/** Rewrites `stateFile` keeping the last `keepBlocks` blocks (0 = all); null when nothing changed. */
export async function compactStateFile(
  stateFile: string,
  keepBlocks: number,
  known?: { state: AnvilState; size: number },
): Promise<Compaction | null> {
  const read = known ?? (await readGoodState(stateFile));
  if (!read || read.size > MAX_COMPACT_BYTES) return null; // no state yet, or too large to hold
  const { state, size } = read;
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
  await replaceAtomically(stateFile, (tmp) => fs.writeFile(tmp, text));
  return { beforeBytes: size, afterBytes: Buffer.byteLength(text), droppedBlocks: blocks.length - kept.length };
}
