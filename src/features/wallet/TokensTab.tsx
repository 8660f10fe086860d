import { useState } from 'react';
import { Link } from 'wouter';
import type { SearchTokenItem, WalletToken } from '../../../common/api/wallet';
import { EMPTY_TEXTS, MESSAGES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { formatTokenAmount } from '../../lib/amount';
import { shortenAddress } from '../../lib/shorten';
import { DataTable, type Column } from '../../ui/DataTable';
import { useToast } from '../../ui/useToast';
import { WALLET_TEXTS } from './texts';
import { searchTokens } from './tokenSearch';
import { useImportTokenMutation, useImportableTokensQuery, useWalletTokensQuery } from './walletApi';

interface Props {
  address: string;
  onSend: (token: WalletToken) => void;
  onReceive: (token: WalletToken) => void;
}

/** Tokens tab: search and add a token, then the wallet's tokens with Send and Receive each. */
export function TokensTab({ address, onSend, onReceive }: Props) {
  const toast = useToast();
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<SearchTokenItem[] | null>(null);
  const catalogue = useImportableTokensQuery();
  const tokens = useWalletTokensQuery(address);
  const [importToken, importing] = useImportTokenMutation();

  const search = () => {
    const found = searchTokens(catalogue.data?.result ?? [], query);
    setMatches(found);
    // A 'No tokens found' toast from an earlier search must not stay beside the matches.
    if (found.length === 0) toast.show(EMPTY_TEXTS.noTokensFound);
    else toast.dismiss();
  };
  const add = async (token: string) => {
    try {
      await importToken({ wallet: address, token }).unwrap();
      toast.show(MESSAGES.tokenAdded);
      setMatches(null);
      setQuery('');
    } catch {
      toast.show(MESSAGES.tokenAddFailed);
    }
  };

  const columns: Column<WalletToken>[] = [
    {
      key: 'name',
      header: WALLET_TEXTS.token,
      // A token's name is the contract's data, kept as it is in any language (translate="no").
      cell: (t) => (
        <Link href={urls.tokenDetail(t.contractAddress)}>
          <span translate="no">{t.name ?? shortenAddress(t.contractAddress)}</span>
        </Link>
      ),
    },
    { key: 'address', header: WALLET_TEXTS.address, cell: (t) => <span className="mono">{shortenAddress(t.contractAddress)}</span> },
    {
      key: 'balance',
      header: WALLET_TEXTS.balance,
      align: 'end',
      cell: (t) => formatTokenAmount(t.balanceWei, t.decimals, { symbol: t.symbol }),
    },
    {
      key: 'actions',
      header: '',
      cell: (t) => (
        <span className="row-actions">
          <button type="button" className="btn btn--small" onClick={() => onSend(t)}>
            {WALLET_TEXTS.send}
          </button>
          <button type="button" className="btn btn--small" onClick={() => onReceive(t)}>
            {WALLET_TEXTS.receive}
          </button>
        </span>
      ),
    },
  ];

  return (
    <div className="tokens-tab">
      <form
        className="token-search"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
      >
        <input
          type="search"
          aria-label={WALLET_TEXTS.searchToken}
          placeholder={WALLET_TEXTS.searchToken}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className="btn" disabled={catalogue.isLoading}>
          {WALLET_TEXTS.search}
        </button>
      </form>
      {matches && matches.length > 0 && (
        <ul className="token-matches" aria-label={WALLET_TEXTS.matchingTokens}>
          {matches.slice(0, 10).map((m) => (
            <li key={m.contract_address}>
              <span translate="no">{m.contractname ?? '—'}</span> <span className="mono muted">{shortenAddress(m.contract_address)}</span>
              <button type="button" className="btn btn--small" disabled={importing.isLoading} onClick={() => void add(m.contract_address)}>
                {WALLET_TEXTS.addToken}
              </button>
            </li>
          ))}
        </ul>
      )}
      {matches && matches.length === 0 && <p className="muted">{EMPTY_TEXTS.noTokensFound}</p>}
      <DataTable
        caption={WALLET_TEXTS.tokensCaption}
        columns={columns}
        rows={tokens.isError ? [] : tokens.data?.result}
        loading={tokens.isLoading}
        rowKey={(t) => t.contractAddress}
        empty={EMPTY_TEXTS.noTokens}
        placeholderRows={2}
      />
    </div>
  );
}
