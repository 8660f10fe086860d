/** Texts of the Verify & Publish page; the form's problems are in src/lib/verifyInput.ts. */
import { defineTexts } from '../../lib/i18n';

export const VERIFY_TEXTS = defineTexts('verify.texts', {
  intro:
    'Publish the source of a contract deployed on this chain. It is compiled with the chosen solc and compared with the chain: the creation code and the runtime code, the constructor arguments taken from the creating transaction (or the factory’s internal creation).',
  invalid: 'Invalid contract address: an address is r or 0x followed by 40 hex digits.',
  contract: 'Contract',
  alreadyVerified: 'This contract is already verified.',
  upgradeNote: 'A partial match (match) can still be upgraded to an exact match with the same source and its metadata.',
  viewContract: 'View the contract',
  inputKind: 'Source input',
  kindSingle: 'Single file',
  kindMulti: 'Multi-file upload',
  kindJson: 'Standard JSON input',
  fileName: 'File name',
  sourceCode: 'Source code',
  loadFile: 'Load a file',
  files: 'Solidity files',
  filesChosen: 'Files chosen',
  noFiles: 'No files chosen yet.',
  jsonInput: 'Standard JSON input',
  jsonHint: 'As `forge verify-contract --show-standard-json-input` or Hardhat’s build info prints it. Its own settings are used.',
  contractName: 'Contract to verify',
  contractAuto: 'The last contract in the sources',
  compiler: 'Compiler version',
  compilerHint: 'Type to search; ↓ ↑ to move, Enter to choose. Any released solc may be typed: it is obtained on first use.',
  compilerOffline: 'The list of solc releases could not be read: the compilers here are on this server; others can still be typed.',
  noCompiler: 'No listed compiler matches; this version is obtained when you verify.',
  optimizer: 'Optimizer enabled',
  runs: 'Optimizer runs',
  evmVersion: 'EVM version',
  evmDefault: 'Compiler default',
  fromJson: 'Taken from the standard JSON input.',
  constructorArgs: 'Constructor arguments',
  noArgs: 'The constructor takes no arguments.',
  argsFromChain:
    'What is stored and shown comes from the chain: the bytes after the creation code in the creating transaction (or the factory’s internal creation), decoded with the constructor’s types once the source matches.',
  argsClaimed: 'Constructor arguments, ABI-encoded (optional)',
  argsClaimedHint: 'Leave empty to take them from the chain. When given, they must equal the chain’s, byte for byte.',
  creationTx: 'Created by transaction',
  submit: 'Verify and publish',
  busy: 'Verifying…',
  submitting: 'Sending the source…',
  polling: 'Compiling and comparing with the chain…',
  verified: 'Contract source verified',
  creationMatch: 'Creation code',
  runtimeMatch: 'Runtime code',
  failed: 'Verification failed',
  retry: 'Try again',
  edit: 'Edit the input',
  optionsFailed: 'The compiler list could not be loaded; type a version such as v0.8.20+commit.a1b79de6.',
} as const);

/** Sourcify's match levels, as the page words them. */
export const MATCH_TEXTS = defineTexts('verify.match', {
  exact_match: 'exact match (metadata hash equal too)',
  match: 'match (metadata differs)',
  none: 'no match',
} as const);

/** The part a failure names, by Sourcify's error code (the server's message says the rest). */
export const FAILURE_PARTS: Readonly<Record<string, string>> = defineTexts('verify.failures', {
  no_match: 'The compiled code differs from the chain.',
  already_verified: 'Already verified with an exact match.',
  compiler_error: 'The source did not compile.',
  unsupported_compiler_version: 'This compiler version cannot be used.',
  invalid_compiler_version: 'This compiler version cannot be used.',
  contract_not_deployed: 'No contract is deployed at this address.',
  unsupported_chain: 'The chain id is not this explorer’s.',
  invalid_parameter: 'The request was refused.',
  constructor_arguments_mismatch: 'The constructor arguments differ from the chain’s.',
});
