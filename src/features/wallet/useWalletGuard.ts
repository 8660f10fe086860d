import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { urls } from '../../app/urls';
import { useSession } from './session';

/**
 * Wallet screens need a valid, unexpired token (spec sections 4, 6, 8): a missing, expired or
 * undecodable one goes to /Account. Answers the token's email while it is valid, else null.
 */
export function useWalletGuard(): string | null {
  const { status, email } = useSession();
  const [, navigate] = useLocation();
  const denied = status === 'anonymous' || status === 'expired' || status === 'undecodable';
  useEffect(() => {
    if (denied) navigate(urls.account(), { replace: true });
  }, [denied, navigate]);
  return status === 'valid' ? email : null;
}
