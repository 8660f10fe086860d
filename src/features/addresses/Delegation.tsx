/**
 * An account's EIP-7702 delegation, from the indexed authorizations it signed
 * (the counters' `delegation`: no request of its own): a "Delegated to {address}" badge beside
 * the address while its code is 0xef0100 ‖ address, and a small list of the changes (set or
 * cleared, block, transaction).
 * Nothing shows for an account that never signed a valid authorization.
 */
import { useId } from 'react';
import { Link } from 'wouter';
import type { AddressDelegation, DelegationChange } from '../../../common/api/txKinds';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { DataTable, type Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import { DELEGATION_TEXTS } from './texts';

export function DelegationBadge({ delegation }: { delegation: AddressDelegation | undefined }) {
  if (!delegation?.delegate) return null;
  return (
    <span className="delegation-badge" aria-label={DELEGATION_TEXTS.badgeLabel} role="note">
      {DELEGATION_TEXTS.badge} <Address value={delegation.delegate} lead={12} copy="detail" />
    </span>
  );
}

function columns(): Column<DelegationChange>[] {
  const T = DELEGATION_TEXTS;
  return [
    { key: 'change', header: T.change, cell: (c) => (c.cleared ? T.cleared : T.set) },
    { key: 'delegate', header: T.delegate, cell: (c) => <Address value={c.delegate} lead={12} copy="detail" /> },
    { key: 'block', header: T.block, cell: (c) => <Link href={urls.block(c.blockNumber)}>{c.blockNumber}</Link> },
    { key: 'tx', header: T.transaction, cell: (c) => <Hash value={c.txHash} copy="detail" /> },
  ];
}

/** Rows shown: the newest changes (the answer holds up to 25); fewer on a phone, above the tabs. */
const SHOWN = 5;
const SHOWN_NARROW = 3;

export function DelegationHistory({ delegation }: { delegation: AddressDelegation | undefined }) {
  const headingId = useId();
  if (!delegation || delegation.history.length === 0) return null;
  return (
    <section className="panel delegation-history" aria-labelledby={headingId}>
      <h2 id={headingId} className="detail-section-title">
        {DELEGATION_TEXTS.historyTitle}
      </h2>
      <DataTable
        columns={columns()}
        rows={delegation.history.slice(0, SHOWN)}
        narrowRows={SHOWN_NARROW}
        rowKey={(c) => `${c.txHash}:${c.blockNumber}:${c.delegate ?? ''}`}
        empty={null}
        caption={DELEGATION_TEXTS.caption}
      />
    </section>
  );
}
