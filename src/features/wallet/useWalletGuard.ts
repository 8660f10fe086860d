import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { urls } from '../../app/urls';
import { sessionActor, sessionStatus, useSession } from './session';

/**
 * Wallet screens need a valid, unexpired token (docs/decisions.md#spec-states, #spec-errors): a missing, expired or
 * undecodable one goes to /Account. Answers the token's email while it is valid, else null.
 */
export function useWalletGuard(): string | null {
  const { status, email } = useSession();
  const [, navigate] = useLocation();
  useEffect(() => {
    // Read the actor, not this render's status: the token may have changed since this render.
    const now = sessionStatus(sessionActor().getSnapshot());
    if (now === 'anonymous' || now === 'expired' || now === 'undecodable') navigate(urls.account(), { replace: true });
  }, [status, navigate]);
  return status === 'valid' ? email : null;
}
