import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { WalletToken } from '../../../common/api/wallet';
import { COIN_SYMBOL, SCREEN_TITLES, TABS } from '../../../common/spec';
import { api } from '../../app/api';
import { ApiKeysPanel } from './ApiKeysPanel';
import { ChangePasswordPanel } from './ChangePasswordPanel';
import { LogoutEverywherePanel } from './LogoutEverywherePanel';
import { ExportKeystorePanel } from './ExportKeystorePanel';
import { useDispatch } from 'react-redux';
import type { AppDispatch } from '../../app/store';
import { urls } from '../../app/urls';
import { clearToken } from '../../lib/authToken';
import { classifyFailure } from '../../lib/failure';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';
import { RetryButton } from '../../ui/RetryButton';
import { ApprovalsTab } from '../../sections/approvals/ApprovalsTab';
import { APPROVALS_TEXTS } from '../../sections/approvals/texts';
import { Tabs } from '../../ui/Tabs';
import { useTabParam } from '../../ui/useTabParam';
import { useToast } from '../../ui/useToast';
import { useGetRubyPriceQuery } from '../status/statusApi';
import { keyVault } from './keyVault';
import { Overview } from './Overview';
import { ReceiveModal } from './ReceiveModal';
import { RecentTransactions } from './RecentTransactions';
import { SendModal } from './SendModal';
import { TokensTab } from './TokensTab';
import { TokenTransactionsTab } from './TokenTransactionsTab';
import { WALLET_TEXTS } from './texts';
import { useWalletGuard } from './useWalletGuard';
import { useWalletDataQuery } from './walletApi';
import './wallet.css';

/** The spec's three tabs, then the wallet's own approvals with the same revoke as the address page. */
const DASHBOARD_TABS = [...TABS.dashboard, APPROVALS_TEXTS.tab] as const;

/** How often the dashboard re-reads the balance. */
export const BALANCE_POLL_MS = 5000;

type Dialog = { kind: 'receive'; token?: WalletToken } | { kind: 'send'; token?: WalletToken } | null;

/**
 * The wallet dashboard (docs/decisions.md#spec-screens): overview with balance and actions, tabs Recent
 * Transactions (default), Tokens, Token Transactions; below them Export keystore, Change password
 * and "Log out everywhere" and the API keys panel (issue 8). Needs a valid token and a linked wallet,
 * else /Account. The email comes from the token (docs/decisions.md#spec-roles), whatever the path says.
 */
export function DashboardPage(_props: { userEmail?: string }) {
  const email = useWalletGuard();
  const [, navigate] = useLocation();
  const toast = useToast();
  const dispatch = useDispatch<AppDispatch>();
  // Polled: money sent to the wallet from elsewhere shows up without a reload.
  const data = useWalletDataQuery(email ?? '', { skip: email === null, pollingInterval: BALANCE_POLL_MS, refetchOnMountOrArgChange: true });
  const price = useGetRubyPriceQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [tab, setTab] = useTabParam(DASHBOARD_TABS);
  // Bumped after a send: the tab panels start afresh, as on arriving at /Dashboard (spec: send
  // success goes to /Dashboard): page 1, where the new transaction is, no token search left
  // open, every list read again (Recent Transactions' query has no cache tag: it refetches on
  // mount). A key is React's way to reset a subtree; doing it by hand would lift the three tabs'
  // page / search / token state up here.
  const [version, setVersion] = useState(0);
  const wallet = data.data?.result ?? null;
  const noWallet = data.isSuccess && !data.isFetching && wallet === null;
  const refused = data.isError && classifyFailure(data.error).denied;

  // No wallet yet: the wallet screen (not /Account, which would send a valid token straight back
  // here). A token the server refuses (a new secret, a deleted account) is dropped, then /Account.
  useEffect(() => {
    if (noWallet && email) navigate(urls.wallet(email), { replace: true });
  }, [noWallet, email, navigate]);
  useEffect(() => {
    if (!refused) return;
    clearToken();
    navigate(urls.account(), { replace: true });
  }, [refused, navigate]);

  const onSendDone = useCallback(
    (r: { message: string | null } | null) => {
      setDialog(null);
      if (!r) return;
      if (r.message) toast.show(r.message);
      dispatch(api.util.invalidateTags(['Wallet']));
      setVersion((v) => v + 1);
      // The tab the send started from stays (its page goes back to 1).
      navigate(urls.dashboard(undefined, { tab: tab === DASHBOARD_TABS[0] ? undefined : tab }));
    },
    [dispatch, navigate, toast, tab],
  );

  if (email === null || !wallet) {
    return (
      <section className="page wallet-page">
        <PageTitle>{SCREEN_TITLES.dashboard}</PageTitle>
        {data.isError && !refused ? (
          <div className="notice notice--danger" role="alert">
            {classifyFailure(data.error).message ?? WALLET_TEXTS.error} <RetryButton onRetry={() => void data.refetch()} />
          </div>
        ) : (
          <Loading minHeight="12rem" />
        )}
      </section>
    );
  }
  const unlocked = keyVault.key() !== null;
  return (
    <section className="page wallet-page dashboard">
      <PageTitle>{SCREEN_TITLES.dashboard}</PageTitle>
      <Overview
        address={wallet.address}
        balanceWei={wallet.balanceWei}
        priceUsd={price.data?.result.price}
        onReceive={() => setDialog({ kind: 'receive' })}
        onSend={() => setDialog({ kind: 'send' })}
      />
      <Tabs label={WALLET_TEXTS.tabsLabel} tabs={DASHBOARD_TABS} value={tab} onChange={setTab}>
        {(tab) => (
          <div key={version}>
            {tab === 'Recent Transactions' ? (
              <RecentTransactions address={wallet.address} />
            ) : tab === 'Tokens' ? (
              <TokensTab
                address={wallet.address}
                onSend={(token) => setDialog({ kind: 'send', token })}
                onReceive={(token) => setDialog({ kind: 'receive', token })}
              />
            ) : tab === APPROVALS_TEXTS.tab ? (
              <ApprovalsTab address={wallet.address} />
            ) : (
              <TokenTransactionsTab address={wallet.address} />
            )}
          </div>
        )}
      </Tabs>
      <ExportKeystorePanel email={email} address={wallet.address} keystore={wallet.keystore} />
      <ChangePasswordPanel email={email} keystore={wallet.keystore} />
      <LogoutEverywherePanel />
      <ApiKeysPanel />
      {dialog?.kind === 'receive' && (
        <ReceiveModal
          address={wallet.address}
          token={dialog.token?.contractAddress}
          title={
            dialog.token
              ? WALLET_TEXTS.receiveTokenTitle({ symbol: dialog.token.symbol ?? dialog.token.name ?? WALLET_TEXTS.token })
              : WALLET_TEXTS.receiveTitle
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'send' && (
        <SendModal
          kind={dialog.token ? 'token' : 'coin'}
          token={
            dialog.token ? { address: dialog.token.contractAddress, decimals: dialog.token.decimals, symbol: dialog.token.symbol } : null
          }
          email={email}
          unlocked={unlocked}
          onDone={onSendDone}
          funds={
            dialog.token
              ? {
                  from: wallet.address,
                  balanceWei: dialog.token.balanceWei,
                  decimals: dialog.token.decimals,
                  symbol: dialog.token.symbol ?? WALLET_TEXTS.token,
                  coinBalanceWei: wallet.balanceWei,
                }
              : { from: wallet.address, balanceWei: wallet.balanceWei, decimals: 18, symbol: COIN_SYMBOL }
          }
        />
      )}
    </section>
  );
}
