/**
 * What the Verify & Publish page sends: a Solidity standard JSON input, the compiler's
 * name and the contract's `path:Name` identifier, as Sourcify's v2 API takes them. Single-file and
 * multi-file inputs are turned into standard JSON here, in the browser; a pasted standard JSON is
 * checked and sent as it is (its own settings count, the page's optimizer and EVM fields do not).
 * Pure: no React, no network.
 */
import { EVM_VERSION_NAMES } from '../../common/evmVersions';
import { defineTexts } from '../../common/i18n/texts';

export type VerifyInputKind = 'single' | 'multi' | 'json';

export interface SourceFile {
  name: string;
  content: string;
}

export interface VerifySettings {
  optimizer: boolean;
  /** As typed; a whole number ≥ 0 when the optimizer is on. */
  runs: string;
  /** '' = the compiler's default. */
  evmVersion: string;
}

export interface VerifyForm extends VerifySettings {
  kind: VerifyInputKind;
  /** The single file's name and text. */
  fileName: string;
  source: string;
  /** The files of a multi-file upload. */
  files: SourceFile[];
  /** A pasted standard JSON input. */
  json: string;
  /** `path:Name`; '' = the last contract found in the sources. */
  contract: string;
  /** e.g. v0.8.20+commit.a1b79de6 or 0.8.20. */
  compilerVersion: string;
  /** ABI-encoded constructor arguments the caller claims (hex); '' = take them from the chain. */
  constructorArgs: string;
}

export interface StandardJsonInput {
  language: string;
  sources: Record<string, { content: string }>;
  settings?: Record<string, unknown>;
}

/** The request body of POST /v2/verify/{chainId}/{address} (Sourcify's names). */
export interface VerifyRequestBody {
  stdJsonInput: StandardJsonInput;
  compilerVersion: string;
  contractIdentifier: string;
}

/** solc's EVM versions, oldest first (common/, so the server checks the same list). */
export const EVM_VERSIONS = EVM_VERSION_NAMES;

/** The form's problems (and the page's word for a service that did not answer), read when found. */
export const VERIFY_INPUT_TEXTS = defineTexts('verify.input', {
  sourceRequired: 'Paste the contract source code.',
  filesRequired: 'Choose one or more .sol files.',
  jsonRequired: 'Paste the standard JSON input.',
  jsonInvalid: 'The standard JSON input is not valid JSON.',
  jsonNoSources: 'The standard JSON input has no sources with content.',
  jsonLanguage: 'Only Solidity standard JSON input can be verified here.',
  noContract: 'No contract was found in the sources.',
  unknownContract: 'Choose one of the contracts found in the sources.',
  compilerRequired: 'Choose a compiler version, e.g. v0.8.20+commit.a1b79de6.',
  compilerInvalid: 'The compiler version is not a solc release, e.g. v0.8.20+commit.a1b79de6 or 0.8.20.',
  runsInvalid: 'Optimizer runs must be a whole number.',
  evmInvalid: 'Unknown EVM version.',
  argsInvalid: 'Constructor arguments must be ABI-encoded hex (an even number of hex digits), or left empty.',
  noAnswer: 'The verification service did not answer. Please try again.',
} as const);

const COMPILER = /^v?\d{1,2}\.\d{1,2}\.\d{1,3}(\+commit\.[0-9a-f]{8})?$/i;

/** Names of the contracts (not interfaces or libraries) a Solidity file declares, comments left out. */
export function contractNames(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/[^\n]*/g, ' ');
  return [...code.matchAll(/(?:^|[\s;}])(?:abstract\s+)?contract\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1] as string);
}

/** The sources of the form, or a problem text (JSON kind: the parsed input's sources). */
export function formSources(f: VerifyForm): StandardJsonInput | string {
  if (f.kind === 'single') {
    if (f.source.trim() === '') return VERIFY_INPUT_TEXTS.sourceRequired;
    return { language: 'Solidity', sources: { [f.fileName.trim() || 'Contract.sol']: { content: f.source } } };
  }
  if (f.kind === 'multi') {
    if (f.files.length === 0) return VERIFY_INPUT_TEXTS.filesRequired;
    return { language: 'Solidity', sources: Object.fromEntries(f.files.map((s) => [s.name, { content: s.content }])) };
  }
  if (f.json.trim() === '') return VERIFY_INPUT_TEXTS.jsonRequired;
  let parsed: unknown;
  try {
    parsed = JSON.parse(f.json);
  } catch {
    return VERIFY_INPUT_TEXTS.jsonInvalid;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return VERIFY_INPUT_TEXTS.jsonInvalid;
  const input = parsed as { language?: unknown; sources?: unknown; settings?: unknown };
  if (input.language !== undefined && input.language !== 'Solidity') return VERIFY_INPUT_TEXTS.jsonLanguage;
  const sources = typeof input.sources === 'object' && input.sources !== null ? (input.sources as Record<string, unknown>) : {};
  const withContent = Object.entries(sources).filter(
    (e): e is [string, { content: string }] => typeof (e[1] as { content?: unknown } | null)?.content === 'string',
  );
  if (withContent.length === 0) return VERIFY_INPUT_TEXTS.jsonNoSources;
  return { ...(parsed as StandardJsonInput), language: 'Solidity' };
}

/** Every `path:Name` the sources declare, in file order. */
export function contractIdentifiers(input: StandardJsonInput): string[] {
  return Object.entries(input.sources).flatMap(([file, s]) => contractNames(s.content).map((name) => `${file}:${name}`));
}

/** The chosen contract, or the last one of the sources (a file's main contract usually comes last). */
export function chosenContract(f: VerifyForm, input: StandardJsonInput): string | null {
  const all = contractIdentifiers(input);
  if (f.contract !== '') return all.includes(f.contract) ? f.contract : null;
  return all.at(-1) ?? null;
}

function settingsOf(f: VerifySettings): Record<string, unknown> {
  return {
    optimizer: { enabled: f.optimizer, runs: f.optimizer ? Number(f.runs) : 200 },
    ...(f.evmVersion ? { evmVersion: f.evmVersion } : {}),
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'evm.methodIdentifiers', 'metadata'], '': ['ast'] } },
  };
}

/** The first problem of the form, or null. */
export function verifyProblem(f: VerifyForm): string | null {
  const input = formSources(f);
  if (typeof input === 'string') return input;
  if (contractIdentifiers(input).length === 0) return VERIFY_INPUT_TEXTS.noContract;
  if (chosenContract(f, input) === null) return VERIFY_INPUT_TEXTS.unknownContract;
  if (f.compilerVersion.trim() === '') return VERIFY_INPUT_TEXTS.compilerRequired;
  if (!COMPILER.test(f.compilerVersion.trim())) return VERIFY_INPUT_TEXTS.compilerInvalid;
  if (f.constructorArgs.trim() !== '' && !/^(0x)?([0-9a-f]{2})*$/i.test(f.constructorArgs.trim())) return VERIFY_INPUT_TEXTS.argsInvalid;
  if (f.kind !== 'json') {
    if (f.optimizer && !/^\d{1,9}$/.test(f.runs.trim())) return VERIFY_INPUT_TEXTS.runsInvalid;
    if (f.evmVersion !== '' && !(EVM_VERSIONS as readonly string[]).includes(f.evmVersion)) return VERIFY_INPUT_TEXTS.evmInvalid;
  }
  return null;
}

/** The constructor arguments the caller gave, as hex without 0x; null when they are to come from the chain. */
export function claimedArgs(f: VerifyForm): string | null {
  const hex = f.constructorArgs.trim().replace(/^0x/i, '').toLowerCase();
  return hex === '' ? null : hex;
}

/** The request for a form without problems (verifyProblem(f) === null); throws otherwise. */
export function verifyRequest(f: VerifyForm): VerifyRequestBody {
  const problem = verifyProblem(f);
  const input = formSources(f);
  if (problem !== null || typeof input === 'string') throw new Error(problem ?? String(input));
  const stdJsonInput = f.kind === 'json' ? input : { ...input, settings: settingsOf({ ...f, runs: f.runs.trim() }) };
  return {
    stdJsonInput,
    // Sourcify names compilers without the leading v (0.8.20+commit.a1b79de6).
    compilerVersion: f.compilerVersion.trim().replace(/^v/i, ''),
    contractIdentifier: chosenContract(f, input) as string,
  };
}
