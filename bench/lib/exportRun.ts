/**
 * One CSV export as bench/export.ts measures it: the file streamed to disk by a plain HTTP client
 * while the API process's memory is watched two ways, VmRSS sampled every 20 ms and VmHWM (the
 * kernel's own peak of the resident set, reset through /proc/<pid>/clear_refs just before the
 * request, so no peak between samples is missed); then Python's csv module reads the file.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';

/** A line of /proc/<pid>/status in bytes (VmRSS, VmHWM). */
export async function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  if (!kb) throw new Error(`no ${field} for ${pid}`);
  return Number(kb[1]) * 1024;
}

export interface RunResult {
  rows: number;
  bytes: number;
  seconds: number;
  rssBefore: number;
  /** Highest sampled VmRSS. */
  rssPeak: number;
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
  await out.close();
  sampling = false;
  await sampler;
  const hwm = reset ? await statusBytes(pid, 'VmHWM') : null;
  return { rows: lines - 1, bytes, seconds, rssBefore, rssPeak, hwm };
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
