/**
 * Public name tags of known addresses, from two sources, re-read when they change:
 * - the devnet traffic generator's deployment record (`<DATA_DIR>/devnet/traffic.json`, written
 *   by its setup): the DEX router, each pair ("RGLD/RUSD LP"), the splitter DApp and the NFT;
 * - an operator's file, `NAME_TAGS_FILE`: a JSON object of address (r… or 0x…) → tag, for any
 *   chain. Its tags win over the devnet's.
 * Tags are for display only; nothing else depends on them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseAddress } from '../../common/address';
import { readDeployment, type Deployment } from '../chain/trafficContracts';
import type { Config } from '../config';

export const NAME_TAGS = {
  router: 'Ruby DEX Router',
  pair: (a: string, b: string) => `${a}/${b} LP`,
  splitter: 'Ruby Splitter DApp',
  nft: 'Ruby Gems NFT',
} as const;

/** Where the bundled devnet's traffic generator records its deployment (server/app.ts writes it there). */
export function deploymentFile(dataDir: string): string {
  return path.join(dataDir, 'devnet', 'traffic.json');
}

export function deploymentTags(d: Deployment): Map<string, string> {
  const tags = new Map<string, string>();
  tags.set(d.router.toLowerCase(), NAME_TAGS.router);
  for (const p of d.pairs) tags.set(p.address.toLowerCase(), NAME_TAGS.pair(p.symbols[0], p.symbols[1]));
  tags.set(d.splitter.toLowerCase(), NAME_TAGS.splitter);
  tags.set(d.nft.toLowerCase(), NAME_TAGS.nft);
  return tags;
}

/** An operator's tags file: { "r…" or "0x…": "tag" }; entries that are not an address and a non-empty string are skipped. */
export async function readTagsFile(file: string): Promise<Map<string, string>> {
  const tags = new Map<string, string>();
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    return tags;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return tags;
  for (const [k, v] of Object.entries(raw)) {
    const a = parseAddress(k);
    if (a !== null && typeof v === 'string' && v.trim() !== '') tags.set(a, v.trim().slice(0, 60));
  }
  return tags;
}

async function mtime(file: string | null): Promise<number> {
  if (!file) return 0;
  try {
    return (await fs.stat(file)).mtimeMs;
  } catch {
    return 0;
  }
}

/** The tags, re-read when either file's modification time changes (checked at most every 5 s). */
export class NameTagSource {
  private tags = new Map<string, string>();
  private stamp = '';
  private checkedAt = 0;
  private reading: Promise<Map<string, string>> | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly tagsFile: string | null,
  ) {}

  get(): Promise<Map<string, string>> {
    if (Date.now() - this.checkedAt < 5_000) return Promise.resolve(this.tags);
    this.reading ??= this.refresh().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  private async refresh(): Promise<Map<string, string>> {
    const devnet = deploymentFile(this.dataDir);
    const stamp = `${await mtime(devnet)}:${await mtime(this.tagsFile)}`;
    if (stamp !== this.stamp) {
      const d = await readDeployment(devnet);
      const tags = d ? deploymentTags(d) : new Map<string, string>();
      if (this.tagsFile) for (const [a, t] of await readTagsFile(this.tagsFile)) tags.set(a, t);
      this.tags = tags;
      this.stamp = stamp;
    }
    this.checkedAt = Date.now();
    return this.tags;
  }
}

const sources = new WeakMap<Config, NameTagSource>();

/** One source per configuration, shared by the routes that read the tags (/getNameTags, search). */
export function nameTagSourceOf(config: Config): NameTagSource {
  let source = sources.get(config);
  if (!source) {
    source = new NameTagSource(config.dataDir, config.nameTagsFile);
    sources.set(config, source);
  }
  return source;
}
