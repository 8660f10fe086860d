/**
 * Decoding of event logs for the Logs and Events tabs, on the server so the SPA stays light:
 * with the emitting contract's verified ABI when there is one, else with the standard events
 * (RBC20 / ERC-20 and ERC-721 Transfer and Approval, ApprovalForAll, Ownable, the devnet DEX's
 * pair and router events). A log no ABI knows stays raw (`decoded: null`).
 *
 * An event matches by topic0 and by its number of indexed parameters: ERC-20's and ERC-721's
 * Transfer share topic0 and differ only there (the amount in data, or the token id in topic3).
 */
import { EventFragment, Interface, Result, type InterfaceAbi, type ParamType } from 'ethers';
import type { DecodedLog, DecodedLogArg } from '../../common/api/logs';
import { rubyAddress } from './format';

export interface RawLog {
  address: string;
  topics: string[];
  data: string;
}

const STANDARD_EVENTS = [
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Approval(address indexed owner, address indexed spender, uint256 value)',
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)',
  'event ApprovalForAll(address indexed owner, address indexed operator, bool approved)',
  'event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)',
  // The devnet DEX (contracts/RubyPair.sol, RubyRouter.sol), Uniswap V2's pair events.
  'event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)',
  'event Sync(uint256 reserve0, uint256 reserve1)',
  'event Mint(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)',
  'event PairCreated(address indexed token0, address indexed token1, address pair, uint256 pairCount)',
  'event Deposit(address indexed dst, uint256 wad)',
  'event Withdrawal(address indexed src, uint256 wad)',
];

/** topic0 → the events with that id, each with its own Interface (one fragment each). */
type EventTable = Map<string, Array<{ iface: Interface; fragment: EventFragment }>>;

function tableOf(abi: InterfaceAbi): EventTable {
  const table: EventTable = new Map();
  const whole = new Interface(abi);
  whole.forEachEvent((fragment) => {
    if (fragment.anonymous) return;
    const list = table.get(fragment.topicHash) ?? [];
    list.push({ iface: new Interface([fragment]), fragment });
    table.set(fragment.topicHash, list);
  });
  return table;
}

const standard = tableOf(STANDARD_EVENTS);

/** The verified ABI's event table, or null when the ABI cannot be read (never a 500 for it). */
export function verifiedTable(abi: unknown): EventTable | null {
  try {
    return Array.isArray(abi) ? tableOf(abi as InterfaceAbi) : null;
  } catch {
    return null;
  }
}

function formatValue(type: ParamType, v: unknown): unknown {
  if (type.baseType === 'address' && typeof v === 'string') return rubyAddress(v.toLowerCase());
  if (typeof v === 'bigint') return v.toString();
  if (type.isArray() && Array.isArray(v)) return v.map((x) => formatValue(type.arrayChildren, x));
  if (type.isTuple() && Array.isArray(v)) return type.components.map((c, i) => formatValue(c, (v as unknown[])[i]));
  // An indexed string, bytes, array or tuple: the topic holds only its hash.
  if (typeof v === 'object' && v !== null && 'hash' in v) return (v as { hash: string | null }).hash;
  return v;
}

function valueText(type: ParamType, v: unknown): string {
  const f = formatValue(type, v instanceof Result ? v.toArray() : v);
  return typeof f === 'string' ? f : JSON.stringify(f, (_k, x: unknown) => (x instanceof Result ? x.toArray() : x));
}

function tryDecode(table: EventTable | null, log: RawLog, source: DecodedLog['source']): DecodedLog | null {
  const candidates = table?.get((log.topics[0] ?? '').toLowerCase()) ?? [];
  for (const { iface, fragment } of candidates) {
    if (fragment.inputs.filter((p) => p.indexed).length !== log.topics.length - 1) continue;
    try {
      const values = iface.decodeEventLog(fragment, log.data, log.topics);
      const args: DecodedLogArg[] = fragment.inputs.map((p, i) => ({
        name: p.name,
        type: p.format('sighash'),
        indexed: p.indexed === true,
        value: valueText(p, values[i]),
      }));
      return { name: fragment.name, signature: fragment.format('sighash'), source, args };
    } catch {
      // Data that does not fit the fragment: try the next candidate, then give up (raw).
    }
  }
  return null;
}

/** The log decoded with the contract's verified ABI (if given), else a standard event, else null. */
export function decodeLog(log: RawLog, verified: EventTable | null): DecodedLog | null {
  return tryDecode(verified, log, 'verified') ?? tryDecode(standard, log, 'standard');
}
