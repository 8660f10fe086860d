/**
 * The revoke machine's model (not a test file): the Approvals table of its owner with two rows (an
 * unlimited allowance and a collection operator), the owner's locked web wallet (or none: a visitor),
 * the events each state offers and the generated paths.
 */
import type { ApprovalRow } from '../../../common/api/approvals';
import { targetOf } from '../../../src/sections/approvals/approvalRows';
import { revokeMachine } from '../../../src/machines/revokeMachine';
import { NotOwnerError, type EstimateRevokeOutput, type RevokeContext, type RevokeEvent } from '../../../src/machines/revokeTypes';
import { PasswordNeededError, type Signers } from '../../../src/machines/writeContractTypes';
import { machinePaths } from '../coverage';

export const OWNER = `r${'ab'.repeat(20)}`;
export const HASH = `0x${'34'.repeat(32)}`;
const base = {
  tokenId: null,
  balanceWei: '5000000000000000000',
  valueUsd: null,
  txHash: `0x${'56'.repeat(32)}`,
  blockNumber: 12,
  timestamp: 1_700_000_000,
};
export const ROWS: ApprovalRow[] = [
  {
    ...base,
    kind: 'erc20',
    token: { address: `r${'11'.repeat(20)}`, name: 'Ruby Gold', symbol: 'RGLD', decimals: 18, standard: 'erc20' },
    spender: { address: `r${'22'.repeat(20)}`, nameTag: 'Ruby Router', name: null, isContract: true },
    amountWei: ((1n << 256n) - 1n).toString(),
    unlimited: true,
    atRiskWei: '5000000000000000000',
  },
  {
    ...base,
    kind: 'operator',
    token: { address: `r${'33'.repeat(20)}`, name: 'Ruby Gems', symbol: 'GEM', decimals: 0, standard: 'erc721' },
    spender: { address: `r${'44'.repeat(20)}`, nameTag: null, name: null, isContract: false },
    amountWei: '1',
    unlimited: false,
    balanceWei: null,
    atRiskWei: null,
  },
];
export const [A, B] = ROWS.map(targetOf) as [ReturnType<typeof targetOf>, ReturnType<typeof targetOf>];
export const SIGNERS: Signers = { web: { email: 'ann@example.com', address: OWNER, unlocked: false }, injected: true };
export const ESTIMATE_OK: EstimateRevokeOutput = {
  txs: [{ key: A.key, to: A.token, data: '0x095ea7b3', gasLimit: '46000' }],
  chainId: 18215,
  fee: '92000000000000',
};

type AnyEvent = { type: string } & Record<string, unknown>;
const OWN: AnyEvent[] = [
  { type: 'select.toggle', target: A },
  { type: 'select.toggle', target: B },
  { type: 'revoke.one', target: B },
  { type: 'revoke.one', target: A },
  { type: 'revoke.selected' },
  { type: 'password.change', value: 'account-pass' },
  { type: 'unlock.submit' },
  { type: 'revoke.confirm' },
  { type: 'revoke.cancel' },
];
const ACTORS: AnyEvent[] = [
  { type: 'xstate.done.actor.detect', output: SIGNERS },
  { type: 'xstate.error.actor.detect', error: new Error('offline') },
  { type: 'xstate.done.actor.estimate', output: ESTIMATE_OK },
  { type: 'xstate.error.actor.estimate', error: new PasswordNeededError('That password does not open this wallet') },
  { type: 'xstate.error.actor.estimate', error: new NotOwnerError('not the owner') },
  { type: 'xstate.done.actor.send', output: [HASH] },
  { type: 'xstate.error.actor.send', error: new Error('You rejected the request in your wallet.') },
  { type: 'xstate.done.actor.waitIndexed', output: undefined },
  { type: 'xstate.error.actor.waitIndexed', error: new Error('HTTP 503') },
];
export const REVOKE_EVENTS = [...OWN, ...ACTORS] as unknown as RevokeEvent[];

export const revokePaths = () =>
  machinePaths(revokeMachine, {
    input: { owner: OWNER },
    events: REVOKE_EVENTS,
    contextKey: (c: RevokeContext) =>
      `${c.selected.length} selected, ${c.signer ?? 'no signer'}, ${c.signers.web?.unlocked ? 'unlocked' : 'locked'}, ${c.password ? 'password' : 'no password'}, ${c.revoked.length > 0 ? 'some revoked' : 'none revoked'}`,
  });
