/**
 * What a devnet state file is made of (`npx tsx tests/soak/stateParts.ts <state.json>`): bytes and
 * counts of its blocks, transactions, accounts (code, storage slots) and historical states, so a
 * growing file can be told apart: history (blocks kept) or state (new accounts and slots).
 */
import fs from 'node:fs';

export interface StateParts {
  bytes: number;
  blocks: { count: number; bytes: number; firstNumber: number | null; lastNumber: number | null };
  transactions: { count: number; bytes: number };
  accounts: { count: number; bytes: number; storageSlots: number; codeBytes: number };
  historicalStates: number;
  otherBytes: number;
}

type Json = Record<string, unknown>;
const num = (v: unknown): number | null => (typeof v === 'number' ? v : typeof v === 'string' ? Number(BigInt(v)) : null);
const size = (v: unknown) => (v === undefined ? 0 : Buffer.byteLength(JSON.stringify(v)));

export function stateParts(text: string): StateParts {
  const s = JSON.parse(text) as Json;
  const blocks = (s.blocks as Json[] | undefined) ?? [];
  const txs = (s.transactions as unknown[] | undefined) ?? [];
  const accounts = (s.accounts as Record<string, Json> | undefined) ?? {};
  let storageSlots = 0;
  let codeBytes = 0;
  for (const a of Object.values(accounts)) {
    storageSlots += Object.keys((a.storage as Json | undefined) ?? {}).length;
    codeBytes += typeof a.code === 'string' ? (a.code.length - 2) / 2 : 0;
  }
  const header = (b: Json | undefined) => num((b?.header as Json | undefined)?.number);
  const hist = s.historical_states;
  const parts = {
    bytes: Buffer.byteLength(text),
    blocks: { count: blocks.length, bytes: size(blocks), firstNumber: header(blocks[0]), lastNumber: header(blocks.at(-1)) },
    transactions: { count: txs.length, bytes: size(txs) },
    accounts: { count: Object.keys(accounts).length, bytes: size(accounts), storageSlots, codeBytes },
    historicalStates: hist && typeof hist === 'object' ? Object.keys(hist).length : 0,
  };
  return { ...parts, otherBytes: parts.bytes - parts.blocks.bytes - parts.transactions.bytes - parts.accounts.bytes };
}

if (process.argv[1]?.endsWith('stateParts.ts') && process.argv[2]) {
  console.log(JSON.stringify(stateParts(fs.readFileSync(process.argv[2], 'utf8')), null, 2));
}
