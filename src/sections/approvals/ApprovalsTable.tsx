/**
 * A page of approvals with, for the address's owner, the revoke flow (revokeMachine): a Revoke
 * button per row, select boxes for several at once, and the steps under the table. A row revoked
 * in this visit stays in place and says "Revoked" (the chain and the index both show it gone).
 * Revoke shows only for the owner: the signed-in user's web wallet is this address (the machine's
 * detect step finds it); everyone else reads the table and a note saying who can revoke.
 */
import { useMachine } from '@xstate/react';
import type { ApprovalRow } from '../../../common/api/approvals';
import { sameAddress } from '../../../common/address';
import { appRevokeMachine } from '../../app/actors/revoke';
import { DataTable } from '../../ui/DataTable';
import { approvalColumns, targetOf } from './approvalRows';
import { RevokePanel } from './RevokePanel';
import { APPROVALS_TEXTS } from './texts';

interface Props {
  owner: string;
  rows: readonly ApprovalRow[] | undefined;
  machine?: typeof appRevokeMachine;
}

const BUSY = ['detecting', 'unlocking', 'estimating', 'confirming', 'signing', 'pending'] as const;

export function ApprovalsTable({ owner, rows, machine = appRevokeMachine }: Props) {
  const [state, send] = useMachine(machine, { input: { owner } });
  const c = state.context;
  const busy = BUSY.some((s) => state.matches(s));
  const isOwner = c.signers.web !== null && sameAddress(c.signers.web.address, owner);
  const controls = isOwner
    ? {
        busy,
        revoked: (r: ApprovalRow) => c.revoked.includes(targetOf(r).key),
        selected: (r: ApprovalRow) => c.selected.some((t) => t.key === targetOf(r).key),
        onToggle: (r: ApprovalRow) => send({ type: 'select.toggle', target: targetOf(r) }),
        onRevoke: (r: ApprovalRow) => send({ type: 'revoke.one', target: targetOf(r) }),
      }
    : null;
  return (
    <>
      <DataTable
        columns={approvalColumns(controls)}
        rows={rows}
        rowKey={(r) => targetOf(r).key}
        empty={APPROVALS_TEXTS.empty}
        caption={APPROVALS_TEXTS.caption}
      />
      {isOwner ? (
        <RevokePanel state={state} send={send} />
      ) : (
        !state.matches('detecting') && <p className="muted">{APPROVALS_TEXTS.ownerOnly}</p>
      )}
    </>
  );
}
