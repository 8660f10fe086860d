import { useCallback, useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation } from 'wouter';
import { SCREEN_TITLES } from '../../../common/spec';
import { api } from '../../app/api';
import type { AppDispatch } from '../../app/store';
import { urls } from '../../app/urls';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';
import { useToast } from '../../ui/useToast';
import { CreateWallet } from './CreateWallet';
import { ImportWallet } from './ImportWallet';
import { keyVault } from './keyVault';
import { useWalletGuard } from './useWalletGuard';
import { useWalletDataQuery } from './walletApi';
import './wallet.css';

/**
 * Wallet access (docs/decisions.md#spec-screens): 'Create Wallet' and 'Import Wallet' for the logged-in account;
 * an account that already has a wallet goes to /Dashboard/{userEmail}.
 */
export function WalletAccessPage({ userEmail }: { userEmail: string }) {
  const email = useWalletGuard();
  const [, navigate] = useLocation();
  const toast = useToast();
  const existing = useWalletDataQuery(email ?? '', { skip: email === null });
  const hasWallet = Boolean(existing.data?.result);

  useEffect(() => {
    if (email && hasWallet) navigate(urls.dashboard(email), { replace: true });
  }, [email, hasWallet, navigate]);

  const dispatch = useDispatch<AppDispatch>();
  const onLinked = useCallback(
    (msg: string) => {
      if (msg) toast.show(msg);
      // The cached "no wallet yet" answer is stale now.
      dispatch(api.util.invalidateTags(['Wallet']));
      navigate(urls.dashboard());
    },
    [dispatch, navigate, toast],
  );

  return (
    <section className="page wallet-page">
      <PageTitle>{SCREEN_TITLES.wallet}</PageTitle>
      <p className="muted mono">{email ?? userEmail}</p>
      {email === null || existing.isLoading ? (
        <Loading minHeight="8rem" />
      ) : (
        <div className="wallet-choices">
          <CreateWallet email={email} password={keyVault.password()} onLinked={onLinked} />
          <ImportWallet email={email} password={keyVault.password()} onLinked={onLinked} />
        </div>
      )}
    </section>
  );
}
