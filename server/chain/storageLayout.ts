/**
 * Names changed storage slots after solc's `storageLayout` output (the State tab). A
 * slot is named when it is a variable's own slot (a packed slot names every variable in it), an
 * element of a static array or a struct member, an element of a dynamic array or the data of a
 * long string (found by its distance from keccak(slot)), or a mapping entry whose key is one of
 * the candidate words the caller gives (the transaction's addresses, log topics and call words:
 * a mapping's slot is a hash, so a key that appears nowhere in the transaction cannot be found).
 *
 * Pure: no I/O. Bounded: mappings nest at most MAX_DEPTH deep, inner levels try fewer keys.
 */
import { keccak256 } from 'ethers';
import { toRubyAddress } from '../../common/address';

export interface LayoutEntry {
  label: string;
  slot: string;
  offset: number;
  type: string;
}
export interface LayoutType {
  encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes';
  label: string;
  numberOfBytes: string;
  key?: string;
  value?: string;
  base?: string;
  members?: LayoutEntry[];
}
/** solc's `storageLayout` of one contract. */
export interface StorageLayout {
  storage: LayoutEntry[];
  types: Record<string, LayoutType> | null;
}

export interface NamedValue {
  name: string;
  type: string;
  before: string | null;
  after: string | null;
}

const MAX_DEPTH = 3;
/** Keys tried at the first mapping level, and at deeper ones (a nested mapping tries their product). */
const FIRST_LEVEL_KEYS = 256;
const INNER_LEVEL_KEYS = 40;
/** How far past keccak(slot) an element of a dynamic array or a long string's data is looked for. */
const ARRAY_REACH = 1n << 20n;
const MAX_STATIC_ELEMENTS = 256;

interface Leaf {
  name: string;
  type: string;
  offset: number;
  bytes: number;
}
interface Range {
  name: string;
  start: bigint;
  /** The element type, or null for a long string's data. */
  element: string | null;
}

const word = (n: bigint): string => n.toString(16).padStart(64, '0');
const hashOf = (hex: string): bigint => BigInt(keccak256(`0x${hex}`));

/** The words a transaction offers as mapping keys: 32-byte hex without 0x, deduplicated, in order. */
export function candidateKeys(addresses: readonly string[], topics: readonly string[], input: string): string[] {
  const out = new Set<string>();
  for (const a of addresses) out.add(a.toLowerCase().replace(/^0x/, '').padStart(64, '0'));
  for (const t of topics) if (/^0x[0-9a-fA-F]{64}$/.test(t)) out.add(t.slice(2).toLowerCase());
  const body = input.replace(/^0x/, '').slice(8);
  for (let i = 0; i + 64 <= body.length; i += 64) out.add(body.slice(i, i + 64).toLowerCase());
  return [...out];
}

function keyText(keyType: string, w: string): string | null {
  if (/^(address|contract )/.test(keyType)) return /^0{24}/.test(w) ? toRubyAddress(`0x${w.slice(24)}`) : null;
  if (/^(uint|enum )/.test(keyType)) return BigInt(`0x${w}`).toString();
  if (/^int/.test(keyType)) return BigInt.asIntN(256, BigInt(`0x${w}`)).toString();
  if (keyType === 'bool') return w === word(0n) ? 'false' : w === word(1n) ? 'true' : null;
  if (/^bytes\d+$/.test(keyType)) return `0x${w}`;
  return null; // string and bytes keys hash differently: not tried
}

class Namer {
  readonly leaves = new Map<bigint, Leaf[]>();
  readonly ranges: Range[] = [];
  constructor(
    private readonly types: Record<string, LayoutType>,
    private readonly keys: readonly string[],
  ) {}

  place(name: string, typeId: string, slot: bigint, offset: number, depth: number): void {
    const t = this.types[typeId];
    if (!t) return;
    if (t.encoding === 'mapping' && t.key && t.value) {
      if (depth >= MAX_DEPTH) return;
      const keyType = this.types[t.key]?.label ?? '';
      const tried = this.keys.slice(0, depth === 0 ? FIRST_LEVEL_KEYS : INNER_LEVEL_KEYS);
      for (const k of tried) {
        const shown = keyText(keyType, k);
        if (shown !== null) this.place(`${name}[${shown}]`, t.value, hashOf(k + word(slot)), 0, depth + 1);
      }
    } else if (t.encoding === 'dynamic_array') {
      this.leaf(`${name}.length`, 'uint256', slot, 0, 32);
      this.ranges.push({ name, start: hashOf(word(slot)), element: t.base ?? null });
    } else if (t.encoding === 'bytes') {
      this.leaf(name, t.label, slot, 0, 32);
      this.ranges.push({ name: `${name} (data)`, start: hashOf(word(slot)), element: null });
    } else if (t.members) {
      for (const m of t.members) this.place(`${name}.${m.label}`, m.type, slot + BigInt(m.slot), m.offset, depth);
    } else if (t.base) {
      const count = Number(/\)(\d+)_storage$/.exec(typeId)?.[1] ?? '0');
      for (let i = 0; i < Math.min(count, MAX_STATIC_ELEMENTS); i++) {
        const [s, o] = this.elementAt(t.base, slot, i);
        this.place(`${name}[${i}]`, t.base, s, o, depth);
      }
    } else {
      this.leaf(name, t.label, slot, offset, Number(t.numberOfBytes));
    }
  }

  /** Slot and byte offset of element i of an array of `base` starting at `start`. */
  elementAt(base: string, start: bigint, i: number): [bigint, number] {
    const size = Number(this.types[base]?.numberOfBytes ?? '32');
    if (size < 32) {
      const perSlot = Math.floor(32 / size);
      return [start + BigInt(Math.floor(i / perSlot)), (i % perSlot) * size];
    }
    return [start + BigInt(i * Math.ceil(size / 32)), 0];
  }

  private leaf(name: string, type: string, slot: bigint, offset: number, bytes: number): void {
    const list = this.leaves.get(slot) ?? [];
    list.push({ name, type, offset, bytes });
    this.leaves.set(slot, list);
  }

  /** The leaves in `slot`, looking into dynamic arrays and long strings when no variable owns it. */
  find(slot: bigint): Leaf[] {
    const own = this.leaves.get(slot);
    if (own) return own;
    for (const r of this.ranges) {
      const delta = slot - r.start;
      if (delta < 0n || delta >= ARRAY_REACH) continue;
      if (r.element === null) return [{ name: `${r.name}[${delta}]`, type: 'bytes32', offset: 0, bytes: 32 }];
      const size = Number(this.types[r.element]?.numberOfBytes ?? '32');
      const slotsPer = size < 32 ? 1 : Math.ceil(size / 32);
      const first = size < 32 ? Number(delta) * Math.floor(32 / size) : Number(delta / BigInt(slotsPer));
      const inner = new Namer(this.types, this.keys.slice(0, INNER_LEVEL_KEYS));
      const per = size < 32 ? Math.floor(32 / size) : 1;
      for (let i = first; i < first + per; i++) {
        const [s, o] = inner.elementAt(r.element, r.start, i);
        inner.place(`${r.name}[${i}]`, r.element, s, o, 1);
      }
      const hit = inner.find(slot);
      if (hit.length > 0) return hit;
    }
    return [];
  }
}

/** A value of `type` held in `bytes` bytes at `offset` (from the low end) of a 32-byte word. */
export function decodeValue(type: string, wordHex: string, offset: number, bytes: number): string | null {
  const w = wordHex.replace(/^0x/, '').padStart(64, '0');
  const part = w.slice(64 - 2 * (offset + bytes), 64 - 2 * offset);
  if (part.length === 0) return null;
  const n = BigInt(`0x${part}`);
  if (/^(address|contract )/.test(type)) return toRubyAddress(`0x${part.slice(-40).padStart(40, '0')}`);
  if (type === 'bool') return n === 0n ? 'false' : 'true';
  if (/^(uint|enum )/.test(type)) return n.toString();
  if (/^int\d*$/.test(type)) return BigInt.asIntN(bytes * 8, n).toString();
  if (type === 'string' || type === 'bytes') {
    // A short one holds its length × 2 in the lowest byte and its bytes from the top; a long one 2 × length + 1.
    const low = Number(n & 0xffn);
    if (low % 2 === 1) return `(${(n - 1n) / 2n} bytes, stored apart)`;
    const data = w.slice(0, low);
    return type === 'string' ? Buffer.from(data, 'hex').toString('utf8') : `0x${data}`;
  }
  return `0x${part}`;
}

/**
 * The variables held by each of `slots` (0x-hex words), before and after. Slots the layout does
 * not name get an empty list.
 */
export function nameSlots(
  layout: StorageLayout,
  keys: readonly string[],
  changes: readonly { slot: string; before: string; after: string }[],
): NamedValue[][] {
  const namer = new Namer(layout.types ?? {}, keys);
  for (const v of layout.storage) namer.place(v.label, v.type, BigInt(v.slot), v.offset, 0);
  return changes.map((c) =>
    namer.find(BigInt(c.slot)).map((l) => ({
      name: l.name,
      type: l.type,
      before: decodeValue(l.type, c.before, l.offset, l.bytes),
      after: decodeValue(l.type, c.after, l.offset, l.bytes),
    })),
  );
}
