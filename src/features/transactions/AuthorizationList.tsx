/**
 * The EIP-7702 authorization list of a type 4 transaction: per entry the
 * authority recovered from its signature, the delegate (or "cleared" for the zero address), the
 * chain id (0: any chain), the nonce, and whether the node applied it (and why not).
 */
import { useId } from 'react';
import type { TxAuthorization } from '../../../common/api/txKinds';
import { Address } from '../../ui/Address';
import { DataTable, type Column } from '../../ui/DataTable';
import { TX_KIND_TEXTS } from './texts';

function Validity({ a }: { a: TxAuthorization }) {
  const T = TX_KIND_TEXTS.authorizations;
  if (a.valid === null) return <span className="status-badge">{T.unknown}</span>;
  if (a.valid) return <span className="status-badge status-badge--ok">{T.valid}</span>;
  return (
    <span className="status-badge status-badge--failed">
      {T.invalid}
      {a.invalidReason ? `: ${T.reasons[a.invalidReason]}` : ''}
    </span>
  );
}

function columns(): Column<TxAuthorization>[] {
  const T = TX_KIND_TEXTS.authorizations;
  return [
    { key: 'index', header: T.index, cell: (a) => String(a.index) },
    {
      key: 'authority',
      header: T.authority,
      cell: (a) => (a.authority ? <Address value={a.authority} lead={12} copy="detail" /> : <span className="muted">{T.unrecovered}</span>),
    },
    {
      key: 'delegate',
      header: T.delegate,
      cell: (a) => (a.cleared ? <span className="muted">{T.cleared}</span> : <Address value={a.delegate} lead={12} copy="detail" />),
    },
    { key: 'chainId', header: T.chainId, cell: (a) => (a.chainId === '0' ? `0 (${T.anyChain})` : a.chainId) },
    { key: 'nonce', header: T.nonce, align: 'end', cell: (a) => a.nonce },
    { key: 'validity', header: T.validity, cell: (a) => <Validity a={a} /> },
  ];
}

export function AuthorizationList({ items }: { items: TxAuthorization[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  const T = TX_KIND_TEXTS.authorizations;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="detail-section-title">
        {T.title}
      </h2>
      <DataTable columns={columns()} rows={items} rowKey={(a) => String(a.index)} empty={null} caption={T.caption} />
    </section>
  );
}
