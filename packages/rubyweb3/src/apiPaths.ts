/**
 * The explorer API paths this package calls. A copy of the entries of the explorer's registry
 * (common/api/paths.ts in the Ruby Explorer repository) under the same names: the package builds
 * on its own (rootDir src), so it cannot import the registry; tests/common/apiPaths.test.ts fails
 * when a pattern here differs from the registry's or builds a different path.
 */
export const API_PATTERNS = {
  balance: '/getBalance/:address',
  tokenBalance: '/tokenbalance/:address/:contractAddr',
  txData: '/getTransactionData/:hash',
  block: '/getBlockNumberdata/:block',
} as const;

/** `pattern` with each `:name` replaced, in order, by the next value, encoded as one path segment. */
function fill(pattern: string, ...values: ReadonlyArray<string | number>): string {
  let i = 0;
  return pattern.replace(/:[A-Za-z]+/g, () => encodeURIComponent(String(values[i++])));
}

export const apiPaths = {
  balance: (address: string) => fill(API_PATTERNS.balance, address),
  tokenBalance: (address: string, contractAddr: string) => fill(API_PATTERNS.tokenBalance, address, contractAddr),
  txData: (hash: string) => fill(API_PATTERNS.txData, hash),
  block: (block: string | number) => fill(API_PATTERNS.block, block),
};
