/**
 * /getApprovals/{address}/{page}/{size}: every approval an address has given that is in force at
 * the indexed head (server/indexer/approvals.ts keeps them), riskiest first, in one answer.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Address, Hash, Ok, PageTotals, Wei } from './base';

export const APPROVAL_KINDS = ['erc20', 'erc721', 'operator'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const ApprovalKindSchema = Type.Union([Type.Literal('erc20'), Type.Literal('erc721'), Type.Literal('operator')], {
  description:
    'erc20: an allowance (approve); erc721: one NFT approved to one address (approve); operator: every NFT of the collection, ERC-721 or ERC-1155 (setApprovalForAll)',
});

export const ApprovalRow = Type.Object({
  kind: ApprovalKindSchema,
  token: Type.Object({
    address: Address,
    name: Type.Union([Type.String(), Type.Null()]),
    symbol: Type.Union([Type.String(), Type.Null()]),
    decimals: Type.Union([Type.Integer(), Type.Null()]),
    standard: Type.Union([Type.Literal('erc20'), Type.Literal('erc721'), Type.Literal('erc1155'), Type.Null()], {
      description: 'the token contract’s standard as indexed (null: not known)',
    }),
  }),
  spender: Type.Object({
    address: Address,
    nameTag: Type.Union([Type.String(), Type.Null()], { description: 'the explorer’s name tag of the spender or operator' }),
    name: Type.Union([Type.String(), Type.Null()], { description: 'its contract name (token name or verified name)' }),
    isContract: Type.Boolean(),
  }),
  tokenId: Type.Union([Wei, Type.Null()], { description: 'the NFT of an erc721 approval' }),
  amountWei: Wei,
  unlimited: Type.Boolean({ description: 'the allowance is the largest uint256 (2^256 - 1)' }),
  balanceWei: Type.Union([Wei, Type.Null()], { description: 'the owner’s balance of the token (erc20)' }),
  atRiskWei: Type.Union([Wei, Type.Null()], {
    description: 'erc20: min(allowance, balance) in base units; erc721: 1; operator: null (every item of the collection)',
  }),
  valueUsd: Type.Union([Type.Number(), Type.Null()], { description: 'atRisk × the token’s USD price, when one is known' }),
  txHash: Hash,
  blockNumber: Type.Integer({ description: 'the block of the last change' }),
  timestamp: Type.Integer({ description: 'the time of the last change, epoch seconds' }),
});
export type ApprovalRow = Static<typeof ApprovalRow>;

export const ApprovalsPage = Ok(Type.Array(ApprovalRow), {
  ...PageTotals,
  counts: Type.Object(
    { erc20: Type.Integer(), erc721: Type.Integer(), operator: Type.Integer() },
    { description: 'approvals in force by kind, whatever the filter' },
  ),
  indexedHead: Type.Union([Type.Integer(), Type.Null()], { description: 'the last indexed block: every row is as the node has it there' }),
});
export type ApprovalsPage = Static<typeof ApprovalsPage>;

/** The largest uint256: the allowance wallets give for "unlimited". */
export const MAX_UINT256 = (1n << 256n) - 1n;
