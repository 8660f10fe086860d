/** Texts of the contract page's verification details (issue #26; the spec has none for them). */
import type { ContractVerification } from '../../../common/api/tokens';

type MatchLevel = ContractVerification['runtimeMatch'];

export const VERIFICATION_TEXTS = {
  title: 'Verification',
  createdBy: 'Created by transaction',
  block: 'Created in block',
  factory: 'Created by factory',
  deployer: 'Deployed by',
  sender: 'Transaction sent by',
  creationMatch: 'Creation code',
  runtimeMatch: 'Runtime code',
  contractName: 'Contract',
  compiler: 'Compiler',
  optimizer: 'Optimizer',
  enabled: 'enabled',
  disabled: 'disabled',
  runs: 'runs',
  unknown: 'not recorded',
  evmVersion: 'EVM version',
  compilerDefault: 'compiler default',
  verifiedAt: 'Verified at',
  constructorArgs: 'Constructor arguments',
  argsNote: 'Decoded from the chain: the bytes after the creation code, with the constructor’s types.',
  argsNotProved: 'Not proved from the chain (verified before creation code was compared).',
  noArgs: 'The constructor takes no arguments.',
  similarTo: 'Similar to verified contract',
  notVerifiedBadge: 'Not verified.',
  similarNote:
    'This contract’s runtime code equals that contract’s, metadata and immutables aside. The source below is the other contract’s; this contract’s own source has not been verified.',
  similarSource: 'Source of the similar contract',
  verifyThis: 'Verify & Publish this contract’s source',
} as const;

const LEVELS = { exact_match: 'exact match', match: 'match (metadata differs)' } as const;

export function matchLevelText(level: MatchLevel): string {
  return level ? LEVELS[level] : 'not compared';
}
