/**
 * The one renderer of a transaction summary: an action → a line of parts (words from
 * ./texts.ts in the active language, and the values the words name). The SPA turns the parts into
 * elements (links, its own amount format); `plainLine` turns them into plain text for the server
 * (Etherscan txlist's `summary` field) and anything else that wants a string.
 */
import type { RevertReason, SummaryParty, SummaryToken, TxAction, TxSummary } from '../api/txSummary';
import { COIN_SYMBOL } from '../spec';
import { SUMMARY_TEXTS } from './texts';

export type SummaryPart =
  | { t: 'text'; text: string }
  | { t: 'party'; party: SummaryParty }
  | { t: 'amount'; units: string; decimals: number; symbol: string | null; coin: boolean }
  | { t: 'token'; token: SummaryToken }
  | { t: 'ids'; ids: string[] }
  | { t: 'code'; text: string }
  /** A string the chain gave (a revert message): shown as it is, never translated. */
  | { t: 'data'; text: string };

type Arg = SummaryPart | SummaryPart[] | string | number;
const MARK = '\u0001';

/** Calls a text function with markers for its part arguments, then splits the sentence back into parts. */
function fill<A extends Arg[]>(text: (...args: never[]) => unknown, ...args: A): SummaryPart[] {
  const values = args.map((a, i) => (typeof a === 'object' ? `${MARK}${i}${MARK}` : a));
  const sentence = String((text as (...v: (string | number)[]) => unknown)(...values));
  const out: SummaryPart[] = [];
  sentence.split(new RegExp(`${MARK}(\\d+)${MARK}`)).forEach((piece, i) => {
    if (i % 2 === 0) {
      if (piece) out.push({ t: 'text', text: piece });
      return;
    }
    const arg = args[Number(piece)];
    if (Array.isArray(arg)) out.push(...arg);
    else if (arg !== undefined && typeof arg === 'object') out.push(arg);
  });
  return out;
}

const party = (p: SummaryParty): SummaryPart => ({ t: 'party', party: p });
const amount = (units: string, token: SummaryToken | null): SummaryPart => ({
  t: 'amount',
  units,
  decimals: token ? token.decimals : 18,
  symbol: token ? (token.symbol ?? token.name) : COIN_SYMBOL,
  coin: token === null,
});
const token = (t: SummaryToken): SummaryPart => ({ t: 'token', token: t });
const ids = (list: string[]): SummaryPart => ({ t: 'ids', ids: list });
const code = (text: string): SummaryPart => ({ t: 'code', text });
const data = (text: string): SummaryPart => ({ t: 'data', text });

const PANIC_KEYS: Record<number, keyof typeof SUMMARY_TEXTS.panic> = {
  0x00: 'generic',
  0x01: 'assert',
  0x11: 'arithmetic',
  0x12: 'division',
  0x21: 'enumValue',
  0x22: 'storageBytes',
  0x31: 'emptyPop',
  0x32: 'index',
  0x41: 'memory',
  0x51: 'zeroFunction',
};

/** The meaning of a Panic(uint256) code, in the active language. */
export function panicMeaning(code: number): string {
  const key = PANIC_KEYS[code];
  return key ? SUMMARY_TEXTS.panic[key] : SUMMARY_TEXTS.panic.unknownCode;
}

export function reasonParts(reason: RevertReason): SummaryPart[] {
  const R = SUMMARY_TEXTS.reason;
  switch (reason.kind) {
    case 'error':
      return fill(R.error, data(reason.message));
    case 'panic':
      return fill(R.panic, `0x${reason.code.toString(16).padStart(2, '0')}`, panicMeaning(reason.code));
    case 'custom':
      return fill(R.custom, code(`${reason.name}(${reason.args.join(', ')})`));
    case 'unknown':
      return fill(R.unknown, code(reason.data.length > 74 ? `${reason.data.slice(0, 74)}…` : reason.data));
    case 'empty':
      return reason.message ? fill(R.emptyNode, data(reason.message)) : [{ t: 'text', text: R.empty }];
    case 'unavailable':
      return [{ t: 'text', text: R.unavailable }];
  }
}

/** One action as a line of parts. */
export function actionParts(a: TxAction): SummaryPart[] {
  const T = SUMMARY_TEXTS;
  switch (a.kind) {
    case 'coinTransfer':
      return fill(T.coinTransfer, amount(a.amountWei, null), party(a.to));
    case 'tokenTransfer':
      return fill(T.tokenTransfer, amount(a.amountWei, a.token), party(a.to));
    case 'swap': {
      const inPart = amount(a.amountInWei, a.tokenIn);
      const outPart = amount(a.amountOutWei, a.tokenOut);
      return a.pool ? fill(T.swap, inPart, outPart, party(a.pool)) : fill(T.swapNoPool, inPart, outPart);
    }
    case 'addLiquidity':
    case 'removeLiquidity':
      return fill(
        a.kind === 'addLiquidity' ? T.addLiquidity : T.removeLiquidity,
        amount(a.amount0Wei, a.token0),
        amount(a.amount1Wei, a.token1),
        party(a.pool),
      );
    case 'approve':
      return a.unlimited
        ? fill(T.approveUnlimited, party(a.spender), token(a.token))
        : fill(T.approve, party(a.spender), amount(a.amountWei, a.token));
    case 'revoke':
      return fill(T.revoke, party(a.spender), token(a.token));
    case 'nftMint':
      return fill(T.nftMint, token(a.collection), ids(a.tokenIds), party(a.to));
    case 'nftTransfer':
      return fill(T.nftTransfer, token(a.collection), ids(a.tokenIds), party(a.to));
    case 'nftBurn':
      return fill(T.nftBurn, token(a.collection), ids(a.tokenIds));
    case 'contractCreation':
      // A contract already shown by its name (a token's) is not named twice.
      return a.name && a.name !== a.contract.label
        ? fill(T.contractCreationNamed, code(a.name), party(a.contract))
        : fill(T.contractCreation, party(a.contract));
    case 'proxyUpgrade':
      return fill(T.proxyUpgrade, party(a.proxy), party(a.implementation));
    case 'delegationSet':
      return a.authority
        ? fill(T.delegationSet, party({ address: a.authority, label: null }), party(a.delegate))
        : fill(T.delegationSetUnknown, party(a.delegate));
    case 'delegationCleared':
      return a.authority
        ? fill(T.delegationCleared, party({ address: a.authority, label: null }))
        : [{ t: 'text', text: T.delegationClearedUnknown }];
    case 'call':
      return a.method ? fill(T.call, code(a.method), party(a.contract)) : fill(T.callNoMethod, party(a.contract));
    case 'failed': {
      const why = reasonParts(a.reason);
      return a.contract && a.method ? fill(T.failedCall, code(a.method), party(a.contract), why) : fill(T.failed, why);
    }
  }
}

/**
 * Up to `max` lines; the rest counted in a last "and N more", with `unsent` actions beyond the
 * summary's own (a live row sends its first action only: common/api/liveLists.ts).
 */
export function summaryLines(summary: TxSummary, max = summary.length, unsent = 0): SummaryPart[][] {
  const lines = summary.slice(0, max).map(actionParts);
  const rest = Math.max(0, summary.length - max) + unsent;
  if (rest > 0) lines.push([{ t: 'text', text: SUMMARY_TEXTS.more(rest) }]);
  return lines;
}

/** Base units → a plain decimal with at most `places` decimals, trailing zeros trimmed ('1234.5'). */
export function plainUnits(units: string, decimals: number, places = 6): string {
  if (!/^\d+$/.test(units)) return units;
  const v = BigInt(units);
  const scale = 10n ** BigInt(decimals);
  const whole = v / scale;
  const frac = (v % scale).toString().padStart(decimals, '0').slice(0, places).replace(/0+$/, '');
  if (whole === 0n && frac === '' && v > 0n) return `<0.${'0'.repeat(Math.max(places - 1, 0))}1`;
  return frac ? `${whole}.${frac}` : whole.toString();
}

function plainPart(p: SummaryPart): string {
  switch (p.t) {
    case 'text':
    case 'code':
    case 'data':
      return p.text;
    case 'party':
      return p.party.label ? `${p.party.label} (${p.party.address})` : p.party.address;
    case 'amount':
      return p.symbol ? `${plainUnits(p.units, p.decimals)} ${p.symbol}` : plainUnits(p.units, p.decimals);
    case 'token':
      return p.token.symbol ?? p.token.name ?? p.token.address;
    case 'ids':
      return p.ids.map((id) => `#${id}`).join(', ');
  }
}

export function plainParts(parts: SummaryPart[]): string {
  return parts.map(plainPart).join('');
}

/** The whole summary as one plain line, actions joined by '; '. */
export function plainSummary(summary: TxSummary): string {
  return summaryLines(summary).map(plainParts).join('; ');
}
