/**
 * The typed inputs of a contract's write forms: one text per ABI parameter, checked and turned into
 * the values an ABI encoder takes (addresses as lower-case 0x…, integers as bigint, bools, bytes as
 * 0x…, strings as typed; arrays and tuples typed as JSON, their elements converted the same way).
 * Pure and without ethers, so the form checks every keystroke; the encoding happens where ethers is
 * loaded (features/contracts/writeFlows.ts). Each problem is a sentence naming what to type.
 */
import { isAddress, toHexAddress } from '../../common/address';

export interface AbiParam {
  name?: string;
  type: string;
  components?: AbiParam[];
  internalType?: string;
}

/** An ABI value ready for an encoder. */
export type AbiValue = string | bigint | boolean | AbiValue[];
export type ArgResult = { ok: true; value: AbiValue } | { ok: false; error: string };

/** Decimals of the unit helper: amounts typed in whole units (RUBY and 18-decimal tokens). */
export const UNIT_DECIMALS = 18;

const INT = /^(u?)int(\d*)$/;
const FIXED_BYTES = /^bytes(\d+)$/;
const ARRAY = /^(.*)\[(\d*)\]$/;

class InputError extends Error {}
const fail = (message: string): never => {
  throw new InputError(message);
};

/** Whole units to base units: "1.5" with 18 decimals → 1500000000000000000n; null when not a number. */
export function toBaseUnits(text: string, decimals = UNIT_DECIMALS): bigint | null {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m || (m[2] === '' && !m[3])) return null;
  const fraction = m[3] ?? '';
  if (fraction.length > decimals) return null;
  const units = BigInt(`${m[2] || '0'}${fraction.padEnd(decimals, '0')}`);
  return m[1] ? -units : units;
}

/** Whether an integer parameter type can take the 18-decimal unit helper. */
export const isIntegerType = (type: string) => INT.test(type);
/** Arrays and tuples are typed as JSON. */
export const isJsonType = (type: string) => ARRAY.test(type) || type.startsWith('tuple');

function intRange(type: string): [bigint, bigint] {
  const m = INT.exec(type);
  const bits = BigInt(m?.[2] || '256');
  return m?.[1] === 'u' ? [0n, (1n << bits) - 1n] : [-(1n << (bits - 1n)), (1n << (bits - 1n)) - 1n];
}

function integer(type: string, raw: string | number | bigint, unit: boolean): bigint {
  let value: bigint | null = null;
  if (typeof raw === 'bigint') value = raw;
  else if (typeof raw === 'number') value = Number.isSafeInteger(raw) ? BigInt(raw) : null;
  else {
    const t = raw.trim();
    if (unit) value = toBaseUnits(t);
    else if (/^-?\d+$/.test(t)) value = BigInt(t);
    else if (/^0x[0-9a-fA-F]+$/.test(t)) value = BigInt(t);
  }
  if (value === null)
    fail(
      unit
        ? `Type an amount in whole units, with at most ${UNIT_DECIMALS} decimals`
        : 'Type a whole number (digits, or 0x… hex); for an 18-decimal amount tick the unit box',
    );
  const [min, max] = intRange(type);
  if ((value as bigint) < min || (value as bigint) > max) fail(`Out of range for ${type}: from ${min} to ${max}`);
  return value as bigint;
}

function bytes(type: string, raw: unknown): string {
  const t = typeof raw === 'string' ? raw.trim() : '';
  if (!/^0x([0-9a-fA-F]{2})*$/.test(t)) fail('Type 0x followed by an even number of hex digits');
  const fixed = FIXED_BYTES.exec(type);
  if (fixed && (t.length - 2) / 2 !== Number(fixed[1]))
    fail(`${type} takes exactly ${fixed[1]} bytes (${Number(fixed[1]) * 2} hex digits)`);
  return t.toLowerCase();
}

function splitArray(type: string): { inner: string; length: number | null } | null {
  const m = ARRAY.exec(type);
  return m ? { inner: m[1] ?? '', length: m[2] ? Number(m[2]) : null } : null;
}

/** One value of a JSON array or tuple (or a top-level text for simple types) as an encoder value. */
function convert(param: AbiParam, raw: unknown, unit: boolean, where: string): AbiValue {
  const type = param.type;
  const arr = splitArray(type);
  const at = (msg: string) => (where ? `${where}: ${msg}` : msg);
  try {
    if (arr) {
      if (!Array.isArray(raw)) fail(`Type a JSON array for ${type}, e.g. [${exampleOf(arr.inner)}]`);
      const list = raw as unknown[];
      if (arr.length !== null && list.length !== arr.length) fail(`${type} takes exactly ${arr.length} items, not ${list.length}`);
      return list.map((v, i) => convert({ ...param, type: arr.inner }, v, unit, `${where}[${i}]`));
    }
    if (type === 'tuple') {
      const comps = param.components ?? [];
      if (Array.isArray(raw)) {
        if (raw.length !== comps.length) fail(`This tuple takes ${comps.length} items, not ${raw.length}`);
        return comps.map((c, i) => convert(c, raw[i], unit, `${where}.${c.name || i}`));
      }
      if (raw === null || typeof raw !== 'object') fail('Type the tuple as a JSON array or object');
      const obj = raw as Record<string, unknown>;
      return comps.map((c, i) => {
        const key = c.name || String(i);
        if (!(key in obj)) fail(`The tuple needs "${key}"`);
        return convert(c, obj[key], unit, `${where}.${key}`);
      });
    }
    if (type === 'address') {
      if (typeof raw !== 'string' || !isAddress(raw.trim())) fail('Type an address: r… or 0x… (40 hex digits)');
      return toHexAddress((raw as string).trim()).toLowerCase();
    }
    if (type === 'bool') {
      if (raw === true || raw === false) return raw;
      const t = typeof raw === 'string' ? raw.trim().toLowerCase() : String(raw);
      if (t === 'true' || t === '1') return true;
      if (t === 'false' || t === '0') return false;
      return fail('Type true or false');
    }
    if (type === 'string') {
      if (typeof raw !== 'string') fail('Type text (a JSON string inside an array or tuple)');
      return raw as string;
    }
    if (type === 'bytes' || FIXED_BYTES.test(type)) return bytes(type, raw);
    if (INT.test(type)) {
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'bigint') fail('Type a number');
      return integer(type, raw as string | number, unit);
    }
    return fail(`The type ${type} is not supported here`);
  } catch (err) {
    if (err instanceof InputError && where && !err.message.startsWith(where)) throw new InputError(at(err.message));
    throw err;
  }
}

function exampleOf(type: string): string {
  if (type === 'address') return '"r…", "0x…"';
  if (type === 'bool') return 'true, false';
  if (type === 'string') return '"a", "b"';
  if (INT.test(type)) return '1, 2';
  return '…';
}

/** The text of one form field as an encoder value, or the problem to show under the field. */
export function parseArg(param: AbiParam, text: string, unit = false): ArgResult {
  try {
    if (isJsonType(param.type)) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        return {
          ok: false,
          error: `Type ${param.type} as JSON, e.g. ${param.type.startsWith('tuple') ? '["…", 1]' : `[${exampleOf(param.type.replace(/\[\d*\]$/, ''))}]`}`,
        };
      }
      return { ok: true, value: convert(param, json, unit, '') };
    }
    if (param.type !== 'string' && text.trim() === '') return { ok: false, error: 'Required' };
    return { ok: true, value: convert(param, text, unit, '') };
  } catch (err) {
    if (err instanceof InputError) return { ok: false, error: err.message };
    throw err;
  }
}

/** The value field of a payable function: RUBY in whole units (empty = 0), as wei. */
export function parseRubyValue(text: string): { ok: true; wei: bigint } | { ok: false; error: string } {
  if (text.trim() === '') return { ok: true, wei: 0n };
  const wei = toBaseUnits(text);
  if (wei === null || wei < 0n) return { ok: false, error: `Type an amount of RUBY, e.g. 0.5 (at most ${UNIT_DECIMALS} decimals)` };
  return { ok: true, wei };
}

/** The canonical signature of a function or error: name(type,…) with tuples spelled out. */
export function canonicalType(p: AbiParam): string {
  if (!p.type.startsWith('tuple')) return p.type;
  return `(${(p.components ?? []).map(canonicalType).join(',')})${p.type.slice('tuple'.length)}`;
}
