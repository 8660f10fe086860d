/**
 * External URLs, from one place. Each can be overridden at build time with a VITE_ variable
 * (e.g. VITE_ANDROID_APP_URL=https://… npm run build); the defaults are same-origin paths the
 * server can serve from its static folder.
 */
function env(name: string): string | undefined {
  const v: unknown = import.meta.env[name];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

export const links = {
  /** The Android app release file (header strip and footer). */
  androidApp: env('VITE_ANDROID_APP_URL') ?? '/downloads/ruby-wallet.apk',
  /** The whitepaper PDF (footer). */
  whitepaper: env('VITE_WHITEPAPER_URL') ?? '/downloads/ruby-whitepaper.pdf',
  /** The external market-data page behind 'View Market Cap' (home stats strip). */
  marketCap: env('VITE_MARKET_CAP_URL') ?? 'https://coinmarketcap.com/',
  /** The node's public JSON-RPC URL, offered to a browser wallet that does not know the chain (Write contract); none by default. */
  rubyRpc: env('VITE_RUBY_RPC_URL') ?? null,
} as const;

/** Attributes every external link gets: a new tab, no opener, no referrer. */
export const externalLinkProps = { target: '_blank', rel: 'noopener noreferrer' } as const;
