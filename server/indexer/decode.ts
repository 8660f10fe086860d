/**
 * Method names and decoded inputs for the transaction pages, from a table of well-known
 * function signatures (ERC20, ERC721, the demo DEX and DApps). Verified contracts' own ABIs are
 * consulted first when the caller has them.
 */
import { AbiCoder, Interface, type FunctionFragment } from 'ethers';
import { decodeArgs } from './abiDecode';

const KNOWN_SIGNATURES = [
  'function transfer(address _to, uint256 _value)',
  'function transferFrom(address _from, address _to, uint256 _value)',
  'function approve(address _spender, uint256 _value)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function addLiquidity(address tokenA, address tokenB, uint256 amountA, uint256 amountB)',
  'function removeLiquidity(address tokenA, address tokenB, uint256 liquidity)',
  'function distribute(address[] recipients)',
  'function tip(address to)',
  'function mint(address to)',
  'function mint(address to, uint256 amount)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function deposit()',
  'function withdraw(uint256 amount)',
  'function multicall(bytes[] data)',
];

const known = new Interface(KNOWN_SIGNATURES);
/** The standard RBC20 / ERC-721 / DEX router / demo DApp signatures (also the API's input-data fallback). */
export const STANDARD_CALLS: Interface = known;

export const SELECTOR = {
  transfer: '0xa9059cbb',
  transferFrom: '0x23b872dd',
} as const;

/** keccak("Transfer(address,address,uint256)"): ERC20 and ERC721 alike. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export interface DecodedCall {
  method: string;
  /** JSON-safe decoded arguments in the spec's shapes (addresses lowercase 0x, amounts as wei strings). */
  decodedInput: Record<string, unknown>[] | null;
}

function jsonSafe(v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (typeof v === 'string') return /^0x[0-9a-fA-F]{40}$/.test(v) ? v.toLowerCase() : v;
  if (Array.isArray(v)) return v.map(jsonSafe);
  return v;
}

function argsObject(names: readonly string[], args: readonly unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  names.forEach((name, i) => {
    out[name || `arg${i}`] = jsonSafe(args[i]);
  });
  return out;
}

/**
 * The spec's decodedInput shapes: a token transfer is [{ _to, _value }] (transferFrom adds _from);
 * a swap's first item holds to, amount, path and amountOutMin; anything else its named arguments.
 */
function shape(method: string, names: readonly string[], args: readonly unknown[]): Record<string, unknown>[] {
  const obj = argsObject(names, args);
  if (method.startsWith('swap')) {
    return [{ ...obj, amount: obj.amountIn ?? null, to: obj.to, path: obj.path, amountOutMin: obj.amountOutMin }];
  }
  return [obj];
}

/**
 * Selector → function of an ABI, built once per Interface. ethers' own lookup by selector hashes
 * every fragment's signature on every call (keccak per fragment per transaction): that was most
 * of the indexer's decode time.
 */
const selectorTables = new WeakMap<Interface, Map<string, FunctionFragment>>();
function selectorTable(iface: Interface): Map<string, FunctionFragment> {
  let table = selectorTables.get(iface);
  if (!table) {
    table = new Map();
    const t = table;
    iface.forEachFunction((f) => {
      if (!t.has(f.selector)) t.set(f.selector, f);
    });
    selectorTables.set(iface, table);
  }
  return table;
}

const coder = AbiCoder.defaultAbiCoder();

export function decodeCall(input: string, abis: Interface[] = []): DecodedCall | null {
  if (!input || input.length < 10) return null;
  const selector = input.slice(0, 10).toLowerCase();
  for (const iface of [...abis, known]) {
    const fragment = selectorTable(iface).get(selector);
    if (!fragment) continue;
    try {
      const body = input.slice(10);
      const args = decodeArgs(fragment.inputs, body) ?? coder.decode(fragment.inputs, `0x${body}`);
      const names = fragment.inputs.map((p) => p.name);
      return { method: fragment.name, decodedInput: shape(fragment.name, names, args) };
    } catch {
      // Selector known but the arguments are malformed: the name is still worth showing.
      return { method: fragment.name, decodedInput: null };
    }
  }
  return { method: selector, decodedInput: null };
}
