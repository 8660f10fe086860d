/**
 * Solidity compilation with npm `solc` (standard JSON). `compileSolidity` is the general entry
 * (also for user uploads); `compileContracts` compiles the project's contracts/*.sol and caches the
 * artifacts on disk, keyed by a hash of everything that shapes the output.
 *
 * Invariants:
 * - Imports resolve only to `@openzeppelin/...` files inside node_modules: an uploaded source
 *   cannot make the compiler read arbitrary files of the server.
 * - solc runs on the calling thread and blocks it (about 1–3 s for our contracts): callers that
 *   serve HTTP should compile in a worker.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { InterfaceAbi } from 'ethers';
import { CONTRACTS_DIR } from '../paths';
import { openZeppelinVersion, readImport, solcPackageVersion } from './solcImports';
import type { StorageLayout } from './storageLayout';

export interface Artifact {
  contractName: string;
  /** Source unit name as given to the compiler, e.g. "contracts/RubyToken.sol". */
  sourceName: string;
  abi: InterfaceAbi;
  /** 0x-prefixed creation bytecode (empty "0x" for interfaces and abstract contracts). */
  bytecode: string;
  deployedBytecode: string;
  /**
   * Where the runtime code holds immutable values (byte offsets into deployedBytecode), filled in
   * at construction time: a verifier masks them before comparing with the chain's code.
   */
  immutableReferences?: Record<string, Array<{ start: number; length: number }>>;
  /** Library link placeholders in bytecode / deployedBytecode (file → library → byte ranges), when any. */
  linkReferences?: LinkRefs;
  deployedLinkReferences?: LinkRefs;
  /** solc's storage layout (from the solc release that has it, 0.5.13 on). */
  storageLayout?: StorageLayout;
  /** solc's source map of the runtime code (asked for with `sourceMaps`: the call tree's revert lines). */
  deployedSourceMap?: string;
}

export type LinkRefs = Record<string, Record<string, Array<{ start: number; length: number }>>>;

export interface CompilerMessage {
  severity: 'error' | 'warning' | 'info';
  type: string;
  message: string;
  formattedMessage: string;
  sourceLocation?: { file: string; start: number; end: number };
}

export interface CompileSettings {
  optimizer?: { enabled: boolean; runs: number };
  /** anvil 1.7 defaults to a later hardfork; cancun is what every current Ruby node runs too. */
  evmVersion?: string;
}

export interface CompileResult {
  /** Every contract of every source, imported ones included. */
  artifacts: Artifact[];
  /** Errors and warnings as solc reports them; `ok` is false when any has severity "error". */
  errors: CompilerMessage[];
  ok: boolean;
  compilerVersion: string;
  /** Source unit name → the id a source map's file index names (with `sourceMaps`). */
  sourceIds?: Record<string, number>;
}

export const DEFAULT_SETTINGS: Required<CompileSettings> = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
};

/** A loaded solc-js compiler (the npm wrapper's interface). */
export interface Solc {
  version(): string;
  compile(input: string, callbacks: { import: (p: string) => { contents: string } | { error: string } }): string;
}

interface SolcOutput {
  errors?: CompilerMessage[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: InterfaceAbi;
        storageLayout?: StorageLayout;
        evm?: {
          bytecode?: { object?: string; linkReferences?: LinkRefs };
          deployedBytecode?: {
            object?: string;
            immutableReferences?: Artifact['immutableReferences'];
            linkReferences?: LinkRefs;
            sourceMap?: string;
          };
        };
      }
    >
  >;
  sources?: Record<string, { id?: number }>;
}

let solcPromise: Promise<Solc> | null = null;
/** Loaded lazily: the compiler is a 10 MB asm.js module that a cached start never needs. */
function loadSolc(): Promise<Solc> {
  solcPromise ??= import('solc').then((m) => (m.default ?? m) as unknown as Solc);
  return solcPromise;
}

/** A standard JSON input as solc takes it (the form Hardhat and Foundry send to verifiers). */
export interface StandardJsonInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings?: Record<string, unknown>;
}

const OUTPUT_SELECTION = {
  '*': {
    '*': [
      'abi',
      'evm.bytecode.object',
      'evm.bytecode.linkReferences',
      'evm.deployedBytecode.object',
      'evm.deployedBytecode.immutableReferences',
      'evm.deployedBytecode.linkReferences',
      // Names the slots a transaction changed (the State tab, server/chain/storageLayout.ts).
      'storageLayout',
    ],
  },
};

const LAYOUT_SELECTION = { '*': { '*': ['storageLayout'] } };
/** The runtime code's source map too, for the call tree's revert lines (server/services/revertSource.ts). */
const SOURCE_MAP_SELECTION = { '*': { '*': [...(OUTPUT_SELECTION['*']['*'] as string[]), 'evm.deployedBytecode.sourceMap'] } };

export interface CompileOptions {
  /** Also ask for the runtime code's source map and the sources' ids. */
  sourceMaps?: boolean;
  /** Only the storage layouts (no code generation: the artifacts then carry no code). */
  layoutOnly?: boolean;
}

/**
 * Compiles a standard JSON input as given (optimizer, evmVersion, remappings, metadata and
 * library settings are kept); only the output selection is replaced by what the explorer needs.
 * `compiler` is another solc release (server/chain/solcLoader.ts); default the bundled one.
 */
export async function compileStandardJson(input: StandardJsonInput, compiler?: Solc, opts: CompileOptions = {}): Promise<CompileResult> {
  const solc = compiler ?? (await loadSolc());
  // The storage layout alone needs no code generation: a fraction of a full compile's time.
  const selection = opts.layoutOnly ? LAYOUT_SELECTION : opts.sourceMaps ? SOURCE_MAP_SELECTION : OUTPUT_SELECTION;
  const full = { ...input, settings: { ...(input.settings ?? {}), outputSelection: selection } };
  const output = JSON.parse(solc.compile(JSON.stringify(full), { import: readImport })) as SolcOutput;
  const errors = output.errors ?? [];
  const artifacts: Artifact[] = [];
  for (const [sourceName, contracts] of Object.entries(output.contracts ?? {})) {
    for (const [contractName, c] of Object.entries(contracts)) {
      const refs = c.evm?.deployedBytecode?.immutableReferences;
      const links = c.evm?.bytecode?.linkReferences;
      const deployedLinks = c.evm?.deployedBytecode?.linkReferences;
      artifacts.push({
        contractName,
        sourceName,
        abi: c.abi,
        bytecode: `0x${c.evm?.bytecode?.object ?? ''}`,
        deployedBytecode: `0x${c.evm?.deployedBytecode?.object ?? ''}`,
        ...(refs && Object.keys(refs).length > 0 ? { immutableReferences: refs } : {}),
        ...(links && Object.keys(links).length > 0 ? { linkReferences: links } : {}),
        ...(deployedLinks && Object.keys(deployedLinks).length > 0 ? { deployedLinkReferences: deployedLinks } : {}),
        ...(c.storageLayout ? { storageLayout: c.storageLayout } : {}),
        ...(opts.sourceMaps && c.evm?.deployedBytecode?.sourceMap !== undefined
          ? { deployedSourceMap: c.evm.deployedBytecode.sourceMap }
          : {}),
      });
    }
  }
  const sourceIds = opts.sourceMaps
    ? Object.fromEntries(Object.entries(output.sources ?? {}).flatMap(([name, s]) => (typeof s.id === 'number' ? [[name, s.id]] : [])))
    : undefined;
  return {
    artifacts,
    errors,
    ok: !errors.some((e) => e.severity === 'error'),
    compilerVersion: solc.version(),
    ...(sourceIds ? { sourceIds } : {}),
  };
}

/** The standard JSON input of plain sources with the given (or default) settings. */
export function standardInput(sources: Record<string, string>, settings: CompileSettings = {}): StandardJsonInput {
  return {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([name, content]) => [name, { content }])),
    settings: {
      optimizer: settings.optimizer ?? DEFAULT_SETTINGS.optimizer,
      evmVersion: settings.evmVersion ?? DEFAULT_SETTINGS.evmVersion,
    },
  };
}

export async function compileSolidity(sources: Record<string, string>, settings: CompileSettings = {}): Promise<CompileResult> {
  return compileStandardJson(standardInput(sources, settings));
}

/** contracts/*.sol by source unit name ("contracts/RubyToken.sol"): what compileContracts compiles, and what the traffic verifies (trafficVerify.ts). */
export async function readProjectSources(): Promise<Record<string, string>> {
  const files = (await fs.readdir(CONTRACTS_DIR)).filter((f) => f.endsWith('.sol')).sort();
  const sources: Record<string, string> = {};
  for (const f of files) sources[`contracts/${f}`] = await fs.readFile(path.join(CONTRACTS_DIR, f), 'utf8');
  return sources;
}

/**
 * Compiles contracts/*.sol; returns the contracts defined there (not the imported ones) by name.
 * With cacheDir, a second call with unchanged sources, compiler and OpenZeppelin is a file read.
 */
export async function compileContracts(
  opts: {
    cacheDir?: string;
    /**
     * Runs the compilation (default: solc on this thread). The product passes its compiler worker,
     * so the long-lived HTTP thread never loads the 10 MB compiler and its heap (bench/README.md,
     * memory).
     */
    compile?: (input: StandardJsonInput) => Promise<CompileResult>;
  } = {},
): Promise<Record<string, Artifact>> {
  const sources = await readProjectSources();
  const hash = createHash('sha256')
    .update(JSON.stringify({ sources, solc: solcPackageVersion(), oz: openZeppelinVersion(), settings: DEFAULT_SETTINGS }))
    .digest('hex')
    .slice(0, 16);
  const cacheFile = opts.cacheDir ? path.join(opts.cacheDir, `contracts-${hash}.json`) : null;
  if (cacheFile) {
    try {
      return JSON.parse(await fs.readFile(cacheFile, 'utf8')) as Record<string, Artifact>;
    } catch {
      // no cache yet (or unreadable): compile
    }
  }
  const result = await (opts.compile ?? compileStandardJson)(standardInput(sources));
  if (!result.ok) {
    const text = result.errors
      .filter((e) => e.severity === 'error')
      .map((e) => e.formattedMessage)
      .join('\n');
    throw new Error(`contracts/ does not compile:\n${text}`);
  }
  const own: Record<string, Artifact> = {};
  for (const a of result.artifacts) if (a.sourceName in sources) own[a.contractName] = a;
  if (cacheFile && opts.cacheDir) {
    await fs.mkdir(opts.cacheDir, { recursive: true });
    // Write then rename, so a crash mid-write never leaves a truncated cache entry behind.
    const tmp = `${cacheFile}.${process.pid}.tmp`;
    await fs.writeFile(tmp, JSON.stringify(own));
    await fs.rename(tmp, cacheFile);
  }
  return own;
}
