/**
 * Constructor arguments proved from the chain: the bytes after the compiled creation
 * code must ABI-decode with the constructor's types and re-encode to the very same bytes; arguments
 * a caller gives must equal them, or the refusal names what differs. Pure.
 */
import { AbiCoder, Interface, type InterfaceAbi, type ParamType } from 'ethers';
import { abiValueJson } from '../chain/abiJson';

export interface DecodedArg {
  name: string;
  type: string;
  /** JSON-friendly: integers as decimal strings, addresses r…, bytes 0x…, arrays and tuples as lists. */
  value: unknown;
}

export type ArgsCheck = { ok: true; hex: string; decoded: DecodedArg[] } | { ok: false; message: string };

const coder = AbiCoder.defaultAbiCoder();
const strip = (h: string) => h.trim().toLowerCase().replace(/^0x/, '');

function decodeExact(inputs: readonly ParamType[], hex: string): unknown[] | null {
  try {
    const values = coder.decode(inputs, `0x${hex}`);
    const again = strip(coder.encode(inputs, values));
    return again === hex ? inputs.map((p, i) => abiValueJson(p, values[i])) : null;
  } catch {
    return null;
  }
}

const show = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
};

/** The constructor's signature, e.g. constructor(uint256,string). */
export function constructorSignature(abi: InterfaceAbi): string {
  return `constructor(${new Interface(abi).deploy.inputs.map((i) => i.type).join(',')})`;
}

/**
 * Checks the chain's argument bytes (`chainHex`, from matchCreation) against the constructor and
 * against the arguments the caller gave (`givenHex`, empty or undefined when none were given).
 */
export function checkConstructorArgs(abi: InterfaceAbi, chainHex: string, givenHex?: string): ArgsCheck {
  const inputs = new Interface(abi).deploy.inputs;
  const chain = strip(chainHex);
  const given = strip(givenHex ?? '');
  if (given !== '' && !/^([0-9a-f]{2})*$/.test(given))
    return { ok: false, message: 'Invalid constructor arguments: give the ABI-encoded arguments as hex' };
  if (inputs.length === 0) {
    if (chain !== '')
      return {
        ok: false,
        message: `The creation code on chain has ${chain.length / 2} bytes after the compiled code, but the constructor takes no arguments`,
      };
    if (given !== '')
      return { ok: false, message: 'Constructor arguments were given, but the constructor takes none (and none were sent on chain)' };
    return { ok: true, hex: '0x', decoded: [] };
  }
  const sig = constructorSignature(abi);
  const values = decodeExact(inputs, chain);
  if (!values)
    return {
      ok: false,
      message: `The ${chain.length / 2} bytes after the compiled creation code on chain are not the ABI encoding of ${sig}: the source or settings differ from what was deployed`,
    };
  const decoded = inputs.map((p, i) => ({ name: p.name, type: p.type, value: values[i] }));
  if (given !== '' && given !== chain) {
    const theirs = decodeExact(inputs, given);
    if (!theirs) {
      return {
        ok: false,
        message: `The constructor arguments given differ from the chain's and are not an ABI encoding of ${sig}; the chain's are ${decoded
          .map((d) => `${d.name || d.type} = ${show(d.value)}`)
          .join(', ')}`,
      };
    }
    const diffs = inputs.flatMap((p, i) =>
      JSON.stringify(theirs[i]) === JSON.stringify(values[i])
        ? []
        : [
            `argument ${i + 1} (${p.name ? `${p.name} ` : ''}${p.type}) is ${show(theirs[i])} in the request but ${show(values[i])} on chain`,
          ],
    );
    return { ok: false, message: `Constructor arguments differ from the chain's: ${diffs.join('; ') || 'their encoding differs'}` };
  }
  return { ok: true, hex: `0x${chain}`, decoded };
}
