/**
 * Sourcify-style comparison of compiled code with the chain's, pure. Both the creation
 * code (the creating transaction's input or the factory's CREATE/CREATE2 init code) and the runtime
 * code are compared; what had to be filled in from the chain before they were equal is reported as
 * Sourcify's "transformations" (byte offsets into the recompiled code):
 * - library: link placeholders (`__$…$__`) take the address found at the same offset on chain;
 * - immutable: runtime bytes the constructor wrote (immutableReferences);
 * - callProtection: a library's runtime code starts with PUSH20 <its own address>;
 * - cborAuxdata: the CBOR metadata at the end (found through its 2-byte length suffix) may differ,
 *   and then the level is `match` instead of `exact_match`;
 * - constructorArguments: the creation code's bytes after the compiled code (see constructorArgs.ts).
 */
export type MatchLevel = 'exact_match' | 'match';

export interface Transformation {
  type: 'replace' | 'insert';
  reason: 'library' | 'immutable' | 'callProtection' | 'cborAuxdata' | 'constructorArguments';
  offset: number;
  id?: string;
}

export interface TransformationValues {
  libraries?: Record<string, string>;
  immutables?: Record<string, string>;
  cborAuxdata?: Record<string, string>;
  callProtection?: string;
  constructorArguments?: string;
}

export interface CodeMatch {
  level: MatchLevel;
  /** The compiled code with libraries linked from the chain (0x…). */
  recompiled: string;
  transformations: Transformation[];
  values: TransformationValues;
}

export type LinkReferences = Record<string, Record<string, Array<{ start: number; length: number }>>>;
export type ImmutableReferences = Record<string, Array<{ start: number; length: number }>>;

const strip0x = (h: string) => h.toLowerCase().replace(/^0x/, '');

/** The CBOR metadata block at the end of `code` (hex without 0x): its start (in hex chars) or null. */
export function metadataStart(code: string): number | null {
  if (code.length < 4) return null;
  const len = Number.parseInt(code.slice(-4), 16);
  const total = (len + 2) * 2;
  if (!Number.isFinite(len) || len === 0 || total > code.length) return null;
  const first = Number.parseInt(code.slice(code.length - total, code.length - total + 2), 16);
  return first >= 0xa0 && first <= 0xbf ? code.length - total : null;
}

function splice(code: string, byteOffset: number, value: string): string {
  return code.slice(0, byteOffset * 2) + value + code.slice(byteOffset * 2 + value.length);
}

/** Fills link placeholders from the chain's code at the same offsets. */
function linkFromChain(compiled: string, chain: string, refs: LinkReferences | undefined, t: Transformation[], v: TransformationValues) {
  let code = compiled;
  for (const [file, libs] of Object.entries(refs ?? {})) {
    for (const [name, places] of Object.entries(libs)) {
      const id = `${file}:${name}`;
      for (const { start, length } of places) {
        const value = chain.slice(start * 2, (start + length) * 2);
        if (value.length !== length * 2) continue;
        code = splice(code, start, value);
        t.push({ type: 'replace', reason: 'library', offset: start, id });
        (v.libraries ??= {})[id] = `0x${value}`;
      }
    }
  }
  return code;
}

/**
 * Equal, or equal but for the trailing CBOR metadata of the compiled code (same length on chain):
 * the level, or null when they differ elsewhere. `chain` may be longer (creation code + arguments).
 */
function compareWithMetadata(code: string, chain: string, t: Transformation[], v: TransformationValues): MatchLevel | null {
  const head = chain.slice(0, code.length);
  if (head.length !== code.length) return null;
  if (head === code) return 'exact_match';
  const m = metadataStart(code);
  if (m === null) return null;
  if (head.slice(0, m) !== code.slice(0, m) || head.slice(-4) !== code.slice(-4)) return null;
  const first = Number.parseInt(head.slice(m, m + 2), 16);
  if (first < 0xa0 || first > 0xbf) return null;
  t.push({ type: 'replace', reason: 'cborAuxdata', offset: m / 2, id: '1' });
  (v.cborAuxdata ??= {})['1'] = `0x${head.slice(m)}`;
  return 'match';
}

/** The runtime code compared with eth_getCode's; null when they differ. */
export function matchRuntime(
  compiledHex: string,
  chainHex: string,
  refs: { linkReferences?: LinkReferences; immutableReferences?: ImmutableReferences },
): CodeMatch | null {
  const chain = strip0x(chainHex);
  const t: Transformation[] = [];
  const v: TransformationValues = {};
  let code = linkFromChain(strip0x(compiledHex), chain, refs.linkReferences, t, v);
  if (code.length === 0 || code.length !== chain.length) return null;
  // A library's code begins with PUSH20 0x00…00, replaced by its address when deployed.
  if (code.startsWith(`73${'0'.repeat(40)}`) && chain.startsWith('73')) {
    const address = chain.slice(2, 42);
    code = splice(code, 1, address);
    t.push({ type: 'replace', reason: 'callProtection', offset: 1 });
    v.callProtection = `0x${address}`;
  }
  for (const [id, places] of Object.entries(refs.immutableReferences ?? {})) {
    for (const { start, length } of places) {
      const value = chain.slice(start * 2, (start + length) * 2);
      if (value.length !== length * 2) return null;
      code = splice(code, start, value);
      t.push({ type: 'replace', reason: 'immutable', offset: start, id });
      (v.immutables ??= {})[id] = `0x${value}`;
    }
  }
  const level = compareWithMetadata(code, chain, t, v);
  return level ? { level, recompiled: `0x${code}`, transformations: t, values: v } : null;
}

/**
 * The creation code compared with the chain's init code: the compiled code must be its prefix
 * (metadata aside); the rest is `argsHex`, the constructor arguments (checked by the caller).
 */
export function matchCreation(
  compiledHex: string,
  initCodeHex: string,
  linkReferences?: LinkReferences,
): (CodeMatch & { argsHex: string }) | null {
  const chain = strip0x(initCodeHex);
  const t: Transformation[] = [];
  const v: TransformationValues = {};
  const code = linkFromChain(strip0x(compiledHex), chain, linkReferences, t, v);
  if (code.length === 0) return null;
  const level = compareWithMetadata(code, chain, t, v);
  if (!level) return null;
  const argsHex = chain.slice(code.length);
  if (argsHex !== '') {
    t.push({ type: 'insert', reason: 'constructorArguments', offset: code.length / 2 });
    v.constructorArguments = `0x${argsHex}`;
  }
  return { level, recompiled: `0x${code}`, transformations: t, values: v, argsHex };
}

/** Where two codes first differ, in bytes (for messages), or -1 when one is a prefix of the other. */
export function firstDifference(a: string, b: string): number {
  const x = strip0x(a);
  const y = strip0x(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i += 2) if (x.slice(i, i + 2) !== y.slice(i, i + 2)) return i / 2;
  return -1;
}
