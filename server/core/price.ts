/**
 * The coin's USD price: a fixed number (RUBY_PRICE_USD; the devnet's demo default), or a price
 * feed URL (RUBY_PRICE_URL) polled every RUBY_PRICE_POLL_SECONDS and cached. The feed answers JSON
 * holding a number at `price`, `usd`, `result.price`, `data.price`, or `ruby.usd` (CoinGecko's
 * simple-price shape); until the first good answer the fixed price stands in.
 */
export interface PriceSource {
  /** USD per RUBY (latest known). */
  usd(): number;
  close(): void;
}

const PATHS: ReadonlyArray<ReadonlyArray<string>> = [['price'], ['usd'], ['result', 'price'], ['data', 'price'], ['ruby', 'usd']];

export function extractPrice(body: unknown): number | null {
  for (const path of PATHS) {
    let v: unknown = body;
    for (const k of path) v = typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined;
    const n = typeof v === 'string' ? Number(v) : v;
    if (typeof n === 'number' && Number.isFinite(n) && n >= 0) return n;
  }
  return null;
}

export function createPriceSource(opts: {
  fixedUsd: number;
  url: string | null;
  pollSeconds: number;
  log: (m: string) => void;
}): PriceSource {
  let current = opts.fixedUsd;
  if (!opts.url) return { usd: () => current, close() {} };
  const url = opts.url;
  const poll = async () => {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const p = extractPrice(await res.json());
      if (p === null) throw new Error('no price in the answer');
      current = p;
    } catch (err) {
      opts.log(`price: ${url}: ${err instanceof Error ? err.message : String(err)} (keeping ${current})`);
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), Math.max(5, opts.pollSeconds) * 1000);
  timer.unref();
  return { usd: () => current, close: () => clearInterval(timer) };
}
