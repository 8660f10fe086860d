/**
 * What the operations endpoint tests share (opsReady.test.ts, opsAccess.test.ts): a devnet with
 * its index, started once per test file, and a strict reader of Prometheus text.
 */
import { afterAll, beforeAll } from 'vitest';
import type { NodeCapabilities } from '../../../common/api/capabilities';
import type { Config } from '../../../server/config';
import { startIndexedChain, type IndexedChain } from '../../helpers/apiFixture';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A little more than the probes' cache (PROBE_CACHE_MS), so the next /api/ready probes again. */
export const PAST_PROBE_CACHE_MS = 1_200;

/** One sample line of the Prometheus text format: name, optional {labels}, value, optional timestamp. */
export const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:\\.|[^"\\])*",?)*\})? (-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?|[+-]Inf|NaN)(?: -?\d+)?$/;
export const COMMENT = /^# (HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*|TYPE [a-zA-Z_:][a-zA-Z0-9_:]* (counter|gauge|histogram|summary|untyped))$/;

export type IndexingStatusResponse = { result: { capabilities: NodeCapabilities | null } };

export interface Sample {
  name: string;
  labels: string;
  value: number;
}

/** Parses the exposition text; throws on the first line that is not valid. */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || COMMENT.test(line)) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${JSON.stringify(line)}`);
    samples.push({ name: m[1]!, labels: m[2] ?? '', value: Number(m[3]) });
  }
  return samples;
}

export const value = (samples: Sample[], name: string, labelPart = ''): number | undefined =>
  samples.find((s) => s.name === name && s.labels.includes(labelPart))?.value;

export let chain: IndexedChain;
/** Starts the devnet and its index for the test file that calls it (one per file). */
export function useOpsChain(): void {
  beforeAll(async () => {
    chain = await startIndexedChain({ steps: 2 });
  }, 180_000);
  afterAll(() => chain?.stop());
}

/** Config overrides with one field of `ops` changed. */
export const opsConfig = (base: Config, ops: Partial<Config['ops']>): Partial<Config> => ({ ops: { ...base.ops, ...ops } });
