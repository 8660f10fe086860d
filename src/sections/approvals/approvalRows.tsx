/**
 * The Approvals table's columns: token, spender or operator (its tag, contract or account), amount
 * ("Unlimited" said loudly), value at risk, last change (transaction and age), status, and for
 * the owner a select box and a Revoke button per row.
 */
import type { ApprovalRow } from '../../../common/api/approvals';
import { formatTokenAmount } from '../../lib/amount';
import { tokenLabel } from '../../lib/movedToken';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { MonoValue } from '../../ui/MonoValue';
import { UI_TEXTS } from '../../ui/texts';
import { Age } from '../../ui/Age';
import type { Column } from '../../ui/DataTable';
import { Hash } from '../../ui/Hash';
import type { RevokeTarget } from '../../machines/revokeTypes';
import { APPROVALS_TEXTS } from './texts';
import './approvals.css';

export const targetOf = (r: ApprovalRow): RevokeTarget => ({
  key: `${r.kind}:${r.token.address}:${r.spender.address}:${r.tokenId ?? ''}`,
  kind: r.kind,
  token: r.token.address,
  spender: r.spender.address,
  tokenId: r.tokenId,
});

const tokenName = (r: ApprovalRow) => tokenLabel(r.token.name, r.token.symbol) ?? r.token.address;
const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-4)}`;

export function amountText(r: ApprovalRow): string {
  const T = APPROVALS_TEXTS;
  if (r.kind === 'operator') return T.allItems;
  if (r.kind === 'erc721') return T.oneItem(r.tokenId ?? '');
  return r.unlimited ? T.unlimited : formatTokenAmount(r.amountWei, r.token.decimals, { symbol: r.token.symbol });
}

export interface RowControls {
  revoked: (r: ApprovalRow) => boolean;
  selected: (r: ApprovalRow) => boolean;
  onToggle: (r: ApprovalRow) => void;
  onRevoke: (r: ApprovalRow) => void;
  busy: boolean;
}

export function approvalColumns(controls: RowControls | null): Column<ApprovalRow>[] {
  const T = APPROVALS_TEXTS;
  const cols: Column<ApprovalRow>[] = [
    {
      key: 'token',
      header: T.token,
      // The token by its name, linked to its page (the address in the tooltip and the copy icon); the kind below.
      cell: (r) => (
        <>
          <MonoValue
            value={r.token.address}
            text={tokenName(r)}
            href={urls.tokenDetail(r.token.address)}
            copy="home"
            copyLabel={UI_TEXTS.copyAddress}
          />
          <span className="muted approval-sub">{T.kinds[r.kind]}</span>
        </>
      ),
    },
    {
      key: 'spender',
      header: T.spender,
      // A tagged spender reads by its tag already (Address): below it only what it is; else its contract name or kind.
      cell: (r) => (
        <>
          <Address value={r.spender.address} lead={12} />
          <span className="muted approval-sub">
            {(r.spender.nameTag ? null : r.spender.name) ?? (r.spender.isContract ? T.contract : T.account)}
          </span>
        </>
      ),
    },
    {
      key: 'amount',
      header: T.amount,
      cell: (r) =>
        r.unlimited ? (
          <strong className="approval-unlimited" title={T.unlimitedWarning}>
            {T.unlimited}
          </strong>
        ) : (
          <span className="mono">{amountText(r)}</span>
        ),
    },
    {
      key: 'risk',
      header: T.atRisk,
      cell: (r) =>
        r.kind === 'operator' ? (
          T.allItems
        ) : (
          <span className="mono">
            {r.kind === 'erc721'
              ? T.oneItem(r.tokenId ?? '')
              : formatTokenAmount(r.atRiskWei, r.token.decimals, { symbol: r.token.symbol })}
          </span>
        ),
    },
    {
      key: 'change',
      header: T.lastChange,
      cell: (r) => (
        <>
          <Hash value={r.txHash} />
          <span className="muted approval-sub">
            <Age time={r.timestamp} />
          </span>
        </>
      ),
    },
  ];
  if (!controls) return cols;
  return [
    {
      key: 'select',
      header: T.select,
      cell: (r) => (
        <input
          type="checkbox"
          aria-label={T.selectRow(tokenName(r), short(r.spender.address))}
          checked={controls.selected(r)}
          disabled={controls.busy || controls.revoked(r)}
          onChange={() => controls.onToggle(r)}
        />
      ),
    },
    ...cols,
    {
      key: 'status',
      header: T.status,
      cell: (r) =>
        controls.revoked(r) ? (
          <strong className="approval-revoked">{T.revoked}</strong>
        ) : (
          <button
            type="button"
            className="btn btn--small"
            aria-label={T.revokeRow(tokenName(r), short(r.spender.address))}
            disabled={controls.busy}
            onClick={() => controls.onRevoke(r)}
          >
            {T.revoke}
          </button>
        ),
    },
  ];
}
