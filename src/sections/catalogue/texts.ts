/** Texts of the token and contract screens that spec.ts does not hold (labels, errors, notes). */
import { defineTexts } from '../../lib/i18n';

export const CATALOGUE_TEXTS = defineTexts('sections.catalogue', {
  totalTokens: 'Total Tokens',
  verifiedTokens: 'Verified Tokens',
  totalContracts: 'Total Contracts',
  verifiedContracts: 'Verified Contracts',
  contractAddress: 'Contract address',
  name: 'Name',
  owner: 'Owner',
  age: 'Age',
  source: 'Source',
  verified: 'Verified',
  notVerified: 'Not verified',
  tokensCaption: 'Ruby tokens',
  contractsCaption: 'Ruby contracts',
  noTokens: 'No tokens found',
  noContracts: 'No contracts found',
  tokensFailed: 'Tokens could not be loaded. Please try again later.',
  contractsFailed: 'Contracts could not be loaded. Please try again later.',
  /** What /VerifiedRuby lists (the spec's screen: the counts and a list of every contract). */
  contractsNote:
    'Every contract deployed on the chain, newest first (tokens and NFT collections are under Tokens); the Source column says which are verified.',
  /** The mark of an NFT collection in the token list. */
  nft: 'NFT',
  /** The pager's name: 'Ruby tokens pages'. */
  pages: (caption: string) => `${caption} pages`,
} as const);
