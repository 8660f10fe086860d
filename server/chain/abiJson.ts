/**
 * A value decoded by ethers as JSON, the one way the API shows decoded ABI values (input data,
 * read-function outputs, constructor arguments): bigints as decimal strings, addresses r…, arrays
 * and tuples as lists (docs/decisions.md, Addresses and Amounts).
 */
import { Result, type ParamType } from 'ethers';
import { toRubyAddress } from '../../common/address';

export function abiValueJson(p: ParamType, v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (p.type === 'address' && typeof v === 'string') return toRubyAddress(v.toLowerCase());
  if (v instanceof Result || Array.isArray(v)) {
    const items = [...(v as unknown[])];
    if (p.baseType === 'array' && p.arrayChildren) {
      const child = p.arrayChildren;
      return items.map((x) => abiValueJson(child, x));
    }
    return items.map((x, i) => (p.components?.[i] ? abiValueJson(p.components[i], x) : x));
  }
  return v;
}
