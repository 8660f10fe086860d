/**
 * A small ABI decoder for the argument types that transaction inputs almost always carry
 * (uintN, intN, address, bool, bytesN, bytes, string, and dynamic arrays of those), returning
 * addresses lowercase. ethers' AbiCoder checksums every address it decodes (a keccak each), which
 * made decoding the largest cost of indexing a block; anything this decoder does not know
 * (tuples, fixed-size arrays, nested arrays) is left to ethers by returning null.
 *
 * Same strictness as ethers where it matters: reads past the end of the data, an address word
 * with bits above 160, or a bool other than 0/1 throw, so malformed input is reported as such.
 */
import type { ParamType } from 'ethers';

type Value = bigint | boolean | string | Value[];

class Reader {
  constructor(private readonly hex: string) {}

  /** The 32-byte word at a byte offset, as 64 hex digits. */
  word(byteOffset: number): string {
    const start = byteOffset * 2;
    if (!Number.isSafeInteger(byteOffset) || byteOffset < 0 || start + 64 > this.hex.length) throw new Error('data out of range');
    return this.hex.slice(start, start + 64);
  }

  uint(byteOffset: number): bigint {
    return BigInt(`0x${this.word(byteOffset)}`);
  }

  /** An offset or a length: must fit in a JS number and inside the data. */
  size(byteOffset: number): number {
    const v = this.uint(byteOffset);
    if (v > BigInt(this.hex.length)) throw new Error('offset or length out of range');
    return Number(v);
  }

  bytes(byteOffset: number, length: number): string {
    const start = byteOffset * 2;
    if (start + length * 2 > this.hex.length) throw new Error('data out of range');
    return `0x${this.hex.slice(start, start + length * 2)}`;
  }
}

const STATIC = /^(u?int(\d*)|address|bool|bytes([1-9]|[12]\d|3[0-2]))$/;

function decodeStatic(type: string, r: Reader, at: number): Value {
  const w = r.word(at);
  if (type === 'address') {
    if (!/^0{24}$/.test(w.slice(0, 24))) throw new Error('bad address word');
    return `0x${w.slice(24)}`;
  }
  if (type === 'bool') {
    const v = BigInt(`0x${w}`);
    if (v > 1n) throw new Error('bad bool');
    return v === 1n;
  }
  if (type.startsWith('bytes')) return `0x${w.slice(0, Number(type.slice(5)) * 2)}`;
  const signed = type.startsWith('int');
  const bits = Number(type.slice(signed ? 3 : 4) || '256');
  const v = BigInt.asUintN(bits, BigInt(`0x${w}`));
  return signed ? BigInt.asIntN(bits, v) : v;
}

function decodeDynamicBytes(r: Reader, at: number): string {
  const len = r.size(at);
  return r.bytes(at + 32, len);
}

/** One argument whose head word is at `head`; dynamic data is relative to `base`. */
function decodeOne(type: string, r: Reader, head: number, base: number): Value | undefined {
  if (STATIC.test(type)) return decodeStatic(type, r, head);
  if (type === 'bytes' || type === 'string') {
    const hex = decodeDynamicBytes(r, base + r.size(head));
    return type === 'string' ? Buffer.from(hex.slice(2), 'hex').toString('utf8') : hex;
  }
  if (type.endsWith('[]')) {
    const inner = type.slice(0, -2);
    if (!STATIC.test(inner) && inner !== 'bytes' && inner !== 'string') return undefined;
    const start = base + r.size(head);
    const len = r.size(start);
    const out: Value[] = [];
    for (let i = 0; i < len; i++) {
      const v = decodeOne(inner, r, start + 32 + i * 32, start + 32);
      if (v === undefined) return undefined;
      out.push(v);
    }
    return out;
  }
  return undefined;
}

/**
 * Decodes the arguments after the selector (`body`: hex without 0x). Null when a type is beyond
 * this decoder (the caller falls back to ethers); throws on malformed data.
 */
export function decodeArgs(inputs: readonly ParamType[], body: string): Value[] | null {
  if (!/^[0-9a-fA-F]*$/.test(body)) throw new Error('not hex');
  const r = new Reader(body.toLowerCase());
  const out: Value[] = [];
  for (let i = 0; i < inputs.length; i++) {
    const v = decodeOne((inputs[i] as ParamType).type, r, i * 32, 0);
    if (v === undefined) return null;
    out.push(v);
  }
  return out;
}
