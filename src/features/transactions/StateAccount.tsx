/**
 * One address of the State tab: its name tag and role, nonce and code changes, its coin
 * and RBC20 balances before → after with the difference, and the storage slots it changed with the
 * verified layout's variable names. Tables become label/value cards under 768 px (DataTable).
 */
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { AccountChange, StorageChange } from '../../../common/api/stateChanges';
import { COIN_SYMBOL, NO_VALUE } from '../../../common/spec';
import { urls } from '../../app/urls';
import { formatDetailUnits } from '../../lib/amount';
import { Address } from '../../ui/Address';
import { DataTable, type Column } from '../../ui/DataTable';
import { MonoValue } from '../../ui/MonoValue';
import { useNameTag } from '../../ui/nameTags';
import { STATE_TEXTS } from './stateTexts';

interface BalanceRow {
  key: string;
  asset: ReactNode;
  before: string | null;
  after: string | null;
  difference: string;
  decimals: number;
}

/** A signed difference: the sign and a word carry it, the colour only repeats them. */
function Difference({ wei, decimals }: { wei: string; decimals: number }) {
  const n = BigInt(wei);
  const T = STATE_TEXTS;
  if (n === 0n)
    return (
      <span className="amount state-diff mono" data-exact="">
        0 <span className="visually-hidden">{T.noChange}</span>
      </span>
    );
  const up = n > 0n;
  return (
    // Exact to the last unit (the differences reconcile to the wei): the detail's exact amounts (data-exact).
    <span className={`amount state-diff mono ${up ? 'state-diff--up' : 'state-diff--down'}`} data-exact="">
      {up ? '+' : '−'}
      {formatDetailUnits((up ? n : -n).toString(), decimals)}
      <span className="visually-hidden"> {up ? T.increase : T.decrease}</span>
    </span>
  );
}

const amount = (wei: string | null, decimals: number) =>
  wei === null ? (
    <span className="muted">{STATE_TEXTS.unknown}</span>
  ) : (
    <span className="amount mono" data-exact="">
      {formatDetailUnits(wei, decimals)}
    </span>
  );

function balanceColumns(): Column<BalanceRow>[] {
  const T = STATE_TEXTS;
  return [
    { key: 'asset', header: T.asset, cell: (r) => r.asset },
    { key: 'before', header: T.before, align: 'end', cell: (r) => amount(r.before, r.decimals) },
    { key: 'after', header: T.after, align: 'end', cell: (r) => amount(r.after, r.decimals) },
    { key: 'difference', header: T.difference, align: 'end', cell: (r) => <Difference wei={r.difference} decimals={r.decimals} /> },
  ];
}

function storageColumns(): Column<StorageChange & { i: number }>[] {
  const T = STATE_TEXTS;
  const values = (s: StorageChange, side: 'before' | 'after') =>
    s.variables.length > 0 ? (
      s.variables.map((v) => (
        <span key={v.name} className="mono state-value" translate="no">
          {v[side] ?? NO_VALUE}
        </span>
      ))
    ) : (
      <span className="mono state-value" translate="no">
        {s[side]}
      </span>
    );
  return [
    {
      key: 'slot',
      header: T.slot,
      cell: (s) => (
        <MonoValue value={s.slot} text={`${s.slot.slice(0, 10)}…${s.slot.slice(-6)}`} href={null} copy="detail" copyLabel={T.slot} />
      ),
    },
    {
      key: 'variable',
      header: T.variable,
      cell: (s) =>
        s.variables.length > 0 ? (
          s.variables.map((v) => (
            <span key={v.name} className="mono state-value" translate="no" title={v.type}>
              {v.name}
            </span>
          ))
        ) : (
          <span className="muted">{T.unnamedSlot}</span>
        ),
    },
    { key: 'before', header: T.before, cell: (s) => values(s, 'before') },
    { key: 'after', header: T.after, cell: (s) => values(s, 'after') },
  ];
}

export function StateAccount({ account: a }: { account: AccountChange }) {
  const T = STATE_TEXTS;
  // An unchanged coin balance is not a change: shown only when it moved.
  const coinMoved = a.balanceDifferenceWei !== '0';
  const rows: BalanceRow[] = [
    ...(coinMoved
      ? [
          {
            key: 'coin',
            asset: COIN_SYMBOL,
            before: a.balanceBeforeWei,
            after: a.balanceAfterWei,
            difference: a.balanceDifferenceWei,
            decimals: 18,
          },
        ]
      : []),
    ...a.tokens.map((t) => ({
      key: t.tokenAddress,
      asset: t.tokenSymbol ? (
        <Link href={urls.tokenDetail(t.tokenAddress)} title={t.tokenAddress} translate="no">
          {t.tokenSymbol}
        </Link>
      ) : (
        <Address value={t.tokenAddress} href={urls.tokenDetail(t.tokenAddress)} copy={false} lead={12} showLabel={false} />
      ),
      before: t.beforeWei,
      after: t.afterWei,
      difference: t.differenceWei,
      decimals: t.tokenDecimals ?? 18,
    })),
  ];
  // A public name tag already reads in place of the address; the contract's own name only when there is none.
  const tag = useNameTag(a.address);
  const nonceMoved = a.nonceBefore !== null && a.nonceAfter !== null && a.nonceBefore !== a.nonceAfter;
  return (
    // Named by its heading (the address or its tag, the name, the role): the chain's names stay data, never an attribute.
    <section className="state-account" aria-labelledby={`state-${a.address}`}>
      <h3 className="state-account__title" id={`state-${a.address}`}>
        <Address value={a.address} lead="full" copy="detail" />
        {a.name && !tag && (
          <span className="state-name" translate="no">
            {a.name}
          </span>
        )}
        {a.role && <span className="state-role">{T.roles[a.role]}</span>}
      </h3>
      {(nonceMoved || a.code) && (
        <p className="state-account__facts">
          {nonceMoved && <span>{T.nonce(a.nonceBefore ?? 0, a.nonceAfter ?? 0)}</span>}
          {a.code && <span>{T.code[a.code]}</span>}
        </p>
      )}
      {rows.length > 0 && (
        <DataTable columns={balanceColumns()} rows={rows} rowKey={(r) => r.key} empty={T.empty} caption={T.balancesCaption} />
      )}
      {a.storage.length > 0 && (
        <>
          {a.storageLayout === 'unknown' || a.storageLayout === 'unverified' ? (
            <p className="muted state-note">{T.layout[a.storageLayout]}</p>
          ) : null}
          <DataTable
            columns={storageColumns()}
            rows={a.storage.map((s, i) => ({ ...s, i }))}
            rowKey={(s) => s.slot}
            empty={T.empty}
            caption={T.storageCaption}
          />
        </>
      )}
    </section>
  );
}
