/**
 * Deploy limits and texts both sides use. Kept apart from the TypeBox schemas of deploy.ts so the
 * SPA can import them without bundling TypeBox.
 */

/** The spec's multipart field names of POST /deploy. */
export const DEPLOY_FIELDS = { file: 'solFile', name: 'contractName', key: 'privatekey', type: 'contractType' } as const;

/** Largest .sol upload (bytes). */
export const MAX_SOURCE_BYTES = 200 * 1024;

/** The initial supply the explorer passes to a (name, symbol, initialSupply) constructor: 10^6 tokens of 18 decimals. */
export const DEFAULT_INITIAL_SUPPLY = 1_000_000n * 10n ** 18n;

/** What the form says about constructors (the server accepts exactly these). */
export const CONSTRUCTOR_HELP =
  'Supported constructors: none (no parameters), (string name, string symbol), or (string name, string symbol, uint256 initialSupply). ' +
  'The name is the Contract Name, the symbol its capital letters (e.g. RubyGold → RG), and initialSupply 1,000,000 × 10^18 base units, minted to the deploying account.';
