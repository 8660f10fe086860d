import { useState } from 'react';
import { Link } from 'wouter';
import type { TokenTransferItem } from '../../../common/api/tokens';
import { EMPTY_TEXTS, PAGE_SIZE, STATUS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { formatTokenAmount } from '../../lib/amount';
import { shortenAddress, shortenHash } from '../../lib/shorten';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { direction } from './RecentTransactions';
import { WALLET_TEXTS } from './texts';
import { useOneTokenTransactionsQuery, useWalletTokensQuery } from './walletApi';

/** Token Transactions tab: pick one of the wallet's tokens, see its transfers page by page (the page in the URL). */
export function TokenTransactionsTab({ address }: { address: string }) {
  const tokens = useWalletTokensQuery(address);
  const [picked, setPicked] = useState<string>('');
  const list = usePagedUrl(PAGE_SIZE);
  const token = picked || tokens.data?.result[0]?.contractAddress || '';
  const q = useOneTokenTransactionsQuery({ address, token, page: list.page, size: list.size }, { skip: token === '' });
  const columns: Column<TokenTransferItem>[] = [
    {
      key: 'hash',
      header: WALLET_TEXTS.hash,
      cell: (t) => (
        <Link href={urls.transaction(t.hash)} className="mono">
          {shortenHash(t.hash)}
        </Link>
      ),
    },
    { key: 'type', header: WALLET_TEXTS.type, cell: (t) => <span className="badge">{direction(address, t.from)}</span> },
    { key: 'from', header: WALLET_TEXTS.from, cell: (t) => <span className="mono">{shortenAddress(t.from)}</span> },
    { key: 'to', header: WALLET_TEXTS.to, cell: (t) => <span className="mono">{shortenAddress(t.to)}</span> },
    {
      key: 'value',
      header: WALLET_TEXTS.value,
      align: 'end',
      cell: (t) => formatTokenAmount(t.valueWei, t.tokenDecimals, { symbol: t.tokenSymbol }),
    },
    { key: 'age', header: WALLET_TEXTS.age, cell: (t) => <Age time={t.timestamp} /> },
    { key: 'status', header: WALLET_TEXTS.status, cell: () => STATUS.successLower },
  ];
  return (
    <div>
      <label className="field field--inline">
        <span>{WALLET_TEXTS.token}</span>
        <select
          value={token}
          onChange={(e) => {
            setPicked(e.target.value);
            list.write({ page: 1, size: list.size }, 'push');
          }}
        >
          {token === '' && <option value="">{WALLET_TEXTS.selectToken}</option>}
          {tokens.data?.result.map((t) => (
            <option key={t.contractAddress} value={t.contractAddress}>
              {t.name ?? t.contractAddress} {t.symbol ? `(${t.symbol})` : ''}
            </option>
          ))}
        </select>
      </label>
      {token === '' ? (
        <EmptyState>{tokens.isLoading ? EMPTY_TEXTS.loading : EMPTY_TEXTS.noTokens}</EmptyState>
      ) : (
        <PagedSection list={list} query={q} variant="dashboard" label={WALLET_TEXTS.tokenPages}>
          <DataTable
            caption={WALLET_TEXTS.tokenTxCaption}
            columns={columns}
            rows={q.isError ? [] : q.data?.result}
            loading={q.isFetching && !q.data}
            rowKey={(t) => `${t.hash}:${t.logIndex}`}
            empty={EMPTY_TEXTS.noTrx}
            placeholderRows={3}
          />
        </PagedSection>
      )}
    </div>
  );
}
