/**
 * The types of revokeMachine (src/machines/revokeMachine.ts): what a row to revoke is, the
 * context, the events and the actors' inputs and outputs. Amounts are decimal strings, so the
 * context stays serialisable.
 */
import type { ApprovalKind } from '../../common/api/approvals';
import type { SignerKind, Signers } from './writeContractTypes';

/** One approval to take back: approve(spender, 0), approve(0x0, id) or setApprovalForAll(operator, false). */
export interface RevokeTarget {
  /** Unique on the page: kind, token, spender and id. */
  key: string;
  kind: ApprovalKind;
  /** r… */
  token: string;
  /** r… */
  spender: string;
  tokenId: string | null;
}

export interface RevokeInput {
  /** The address whose approvals these are, r…: the signer must be it. */
  owner: string;
}

export interface RevokeTx {
  key: string;
  to: string;
  data: string;
  gasLimit: string;
}

export interface RevokeContext extends RevokeInput {
  selected: RevokeTarget[];
  signers: Signers;
  signer: SignerKind | null;
  password: string;
  txs: RevokeTx[];
  chainId: number | null;
  /** The whole fee of the revokes at the node's price now, wei. */
  fee: string | null;
  hashes: string[];
  /** Keys revoked in this visit (mined and indexed): their rows say "Revoked". */
  revoked: string[];
  message: string | null;
}

export type RevokeEvent =
  | { type: 'select.toggle'; target: RevokeTarget }
  | { type: 'revoke.one'; target: RevokeTarget }
  | { type: 'revoke.selected' }
  | { type: 'password.change'; value: string }
  | { type: 'unlock.submit' }
  | { type: 'revoke.confirm' }
  | { type: 'revoke.cancel' };

export interface EstimateRevokeInput {
  signer: SignerKind;
  email: string | null;
  password: string | null;
  owner: string;
  targets: RevokeTarget[];
}
export interface EstimateRevokeOutput {
  txs: RevokeTx[];
  chainId: number;
  fee: string;
}
export interface SendRevokeInput {
  signer: SignerKind;
  email: string | null;
  from: string;
  txs: RevokeTx[];
  chainId: number;
}

/** Thrown by the estimate when the signer is not the address whose approvals these are. */
export class NotOwnerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotOwnerError';
  }
}
