/**
 * Solidity compiler version names as verifiers receive them: `v0.8.20+commit.a1b79de6` (Etherscan,
 * Foundry, Hardhat), `0.8.20+commit.a1b79de6` (Sourcify) or a bare `0.8.20`. Nightlies and
 * pre-releases are refused: a verified badge must name a released compiler.
 */

export interface CompilerVersion {
  /** e.g. "0.8.20" */
  version: string;
  /** The commit's short hash when the request named one, lower case. */
  commit: string | null;
}

const NAME = /^v?(\d{1,2})\.(\d{1,2})\.(\d{1,3})(?:\+commit\.([0-9a-fA-F]{8}))?(?:\.[A-Za-z0-9.+-]*)?$/;

/** The parsed version, or an error text a verifier's caller can act on. */
export function parseCompilerVersion(text: string): CompilerVersion | { error: string } {
  const m = NAME.exec(text.trim());
  if (!m || /nightly|-/.test(text)) {
    return {
      error: `Invalid compiler version "${text.slice(0, 80)}": give a released solc version such as v0.8.20+commit.a1b79de6 or 0.8.20`,
    };
  }
  const [major, minor, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // solc-js has standard-JSON support from 0.4.11 on; older compilers cannot verify anything here.
  if (major === 0 && (minor < 4 || (minor === 4 && patch < 11))) {
    return { error: `Compiler v${major}.${minor}.${patch} is too old: this explorer verifies with solc 0.4.11 and later` };
  }
  return { version: `${major}.${minor}.${patch}`, commit: m[4] ? m[4].toLowerCase() : null };
}

/** "0.8.20+commit.a1b79de6.Emscripten.clang" → { version: "0.8.20", commit: "a1b79de6" }. */
export function fromSolcLongVersion(long: string): CompilerVersion | null {
  const m = /^(\d+\.\d+\.\d+)\+commit\.([0-9a-f]{8})/i.exec(long.trim());
  return m && m[1] && m[2] ? { version: m[1], commit: m[2].toLowerCase() } : null;
}

/** True when `have` (a loaded compiler's long version) is the compiler `want` names. */
export function versionMatches(want: CompilerVersion, have: string): boolean {
  const h = fromSolcLongVersion(have);
  return h !== null && h.version === want.version && (want.commit === null || want.commit === h.commit);
}

/** The Etherscan spelling, `v0.8.20+commit.a1b79de6`. */
export function etherscanName(v: { version: string; commit: string | null }): string {
  return `v${v.version}${v.commit ? `+commit.${v.commit}` : ''}`;
}
