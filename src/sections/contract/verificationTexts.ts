/** Texts of the contract page's verification details (the spec has none for them). */
import type { ContractVerification } from '../../../common/api/tokens';
import { defineTexts } from '../../lib/i18n';

type MatchLevel = ContractVerification['runtimeMatch'];

export const VERIFICATION_TEXTS = defineTexts('contracts.verification', {
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
  disabled: 'disabled',
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
  /** Sourcify's match levels. */
  levels: { exact_match: 'exact match', match: 'match (metadata differs)' },
  notCompared: 'not compared',
  /** 'enabled, 200 runs'. */
  optimizerRuns: (runs: string) => `enabled, ${runs} runs`,
} as const);

export function matchLevelText(level: MatchLevel): string {
  return level ? VERIFICATION_TEXTS.levels[level] : VERIFICATION_TEXTS.notCompared;
}
