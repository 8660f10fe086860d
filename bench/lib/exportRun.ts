/**
 * One CSV export as bench/export.ts measures it: the file streamed to disk by a plain HTTP client
 * while the API process's memory is watched two ways, VmRSS sampled every 20 ms and VmHWM (the
 * kernel's own peak of the resident set, reset through /proc/<pid>/clear_refs just before the
 * request, so no peak between samples is missed); then Python's csv module reads the file.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../server/db/schema';

/** A line of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
export async function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  if (!kb) throw new Error(`no ${field} for ${pid}`);
  return Number(kb[1]) * 1024;
}

/** CPU seconds (user + system) the process has used: /proc/<pid>/stat fields 14 and 15, in clock ticks of 1/100 s. */
export async function cpuSeconds(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count from the closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export interface RunResult {
  rows: number;
  bytes: number;
  seconds: number;
  rssBefore: number;
  /** Highest sampled VmRSS. */
  rssPeak: number;
  /** CPU seconds the API process spent on the export: rows per CPU second do not depend on the machine's load as rows/s do. */
  cpu: number;
  /** VmHWM after the run, the peak reset to the current RSS before it (null where the kernel refused the reset). */
  hwm: number | null;
}

/** Streams one export to `file`, watching the server's memory meanwhile. */
export async function exportOnce(url: string, pid: number, file: string, pauseMs: number): Promise<RunResult> {
  // "5" resets the peak resident set to the current one (Linux 4.0+).
  const reset = await fs.writeFile(`/proc/${pid}/clear_refs`, '5').then(
    () => true,
    () => false,
  );
  const rssBefore = await statusBytes(pid, 'VmRSS');
  let rssPeak = rssBefore;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      rssPeak = Math.max(rssPeak, await statusBytes(pid, 'VmRSS'));
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const cpu0 = await cpuSeconds(pid);
  const t0 = performance.now();
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`${url}: HTTP ${res.status}`);
  const out = await fs.open(file, 'w');
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (const b of chunk) if (b === 10) lines++;
    await out.write(chunk);
    if (pauseMs > 0) await new Promise((r) => setTimeout(r, pauseMs));
  }
  const seconds = (performance.now() - t0) / 1000;
  const cpu = (await cpuSeconds(pid)) - cpu0;
  await out.close();
  sampling = false;
  await sampler;
  const hwm = reset ? await statusBytes(pid, 'VmHWM') : null;
  return { rows: lines - 1, bytes, seconds, rssBefore, rssPeak, hwm, cpu };
}

/** Python's csv module reads the file: [header fields, rows, rows whose field count differs]. */
export function checkCsv(file: string): { header: number; rows: number; ragged: number } {
  const script =
    'import csv,json,sys\n' +
    'with open(sys.argv[1], newline="", encoding="utf-8") as f:\n' +
    '    r = csv.reader(f, strict=True)\n' +
    '    head = next(r); n = 0; bad = 0\n' +
    '    for row in r:\n' +
    '        n += 1\n' +
    '        bad += len(row) != len(head)\n' +
    'print(json.dumps({"header": len(head), "rows": n, "ragged": bad}))\n';
  const py = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  if (py.status !== 0) throw new Error(`python3 csv: ${py.stderr}`);
  return JSON.parse(py.stdout) as { header: number; rows: number; ragged: number };
}

/** The middle value (the lower middle of an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN;
}

/**
 * Makes `copies` times the address's history for a longer export (BENCH_COPIES): every block and
 * the address's transactions copied after the chain's last block, copy k with its block numbers
 * and timestamps shifted by k spans and its hashes changed (no other table is read by the
 * export). Generic through jsonb, so no column list to keep in step with the migrations.
 */
export async function replicateHistory(db: Kysely<DB>, address: string, copies: number): Promise<void> {
  // One connection without the pool's statement timeout (a copy is 100,000 rows); copies an
  // interrupted run left (their hashes end in -k) go first.
  await db.connection().execute(async (c) => {
    await sql`SET statement_timeout = 0`.execute(c);
    for (const table of ['address_transactions', 'transactions', 'blocks'])
      await sql`DELETE FROM ${sql.table(table)} WHERE hash LIKE '%-%'`.execute(c);
    const { rows } = await sql<{ hi: string; t0: string; t1: string }>`
      SELECT max(number) AS hi, min(timestamp) AS t0, max(timestamp) AS t1 FROM blocks`.execute(c);
    const span = Number(rows[0]!.hi) + 1;
    const tspan = Number(rows[0]!.t1) - Number(rows[0]!.t0) + 1;
    const shift = (table: string, alias: string, extra: RawBuilder<unknown>) => sql`
      SELECT (jsonb_populate_record(NULL::${sql.table(table)}, to_jsonb(${sql.ref(alias)}) || ${extra})).*`;
    for (let k = 1; k < copies; k++) {
      const moved = (alias: string) =>
        sql`jsonb_build_object('block_number', ${sql.ref(alias)}.block_number + ${k * span}, 'hash', ${sql.ref(alias)}.hash || '-' || ${k}::text)`;
      await sql`INSERT INTO blocks ${shift(
        'blocks',
        'b',
        sql`jsonb_build_object('number', b.number + ${k * span}, 'timestamp', b.timestamp + ${k * tspan}, 'hash', b.hash || '-' || ${k}::text)`,
      )} FROM blocks b WHERE b.number < ${span}`.execute(c);
      await sql`INSERT INTO transactions ${shift('transactions', 't', sql`${moved('t')} || jsonb_build_object('timestamp', t.timestamp + ${k * tspan})`)}
        FROM transactions t JOIN address_transactions a ON a.block_number = t.block_number AND a.tx_index = t.tx_index
        WHERE a.address = ${address} AND t.block_number < ${span}`.execute(c);
      await sql`INSERT INTO address_transactions ${shift('address_transactions', 'a', moved('a'))}
        FROM address_transactions a WHERE a.address = ${address} AND a.block_number < ${span}`.execute(c);
    }
  });
}

/** The leading VAR=value words and the node flags of package.json's `start` (its last step). */
export function startFlags(): { env: Record<string, string>; nodeFlags: string[] } {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
  const words = (pkg.scripts.start ?? '').split('&&').pop()?.trim().split(/\s+/) ?? [];
  const env: Record<string, string> = {};
  while (words[0] !== undefined && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = (words.shift() as string).split('=');
    env[name as string] = value.join('=');
  }
  if (words.shift() !== 'node') throw new Error(`package.json "start" should end with "[VAR=value …] node …": ${pkg.scripts.start}`);
  const nodeFlags: string[] = [];
  while (words[0] !== undefined && words[0].startsWith('--')) nodeFlags.push(words.shift() as string);
  return { env, nodeFlags };
}
