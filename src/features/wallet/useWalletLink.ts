import { useEffect, useState } from 'react';
import type { KeyModalProps } from './KeyModal';

/** The props of both wallet flows (CreateWallet, ImportWallet). */
export interface WalletLinkProps<M> {
  email: string;
  /** The account password when this browser session holds it, else null (the key modal asks). */
  password: string | null;
  onLinked: (msg: string) => void;
  /** The flow's machine with other actors (tests). */
  machine?: M;
}

/** The part of walletCreateMachine's and walletImportMachine's snapshots this hook reads. */
interface LinkSnapshot {
  context: { copied: boolean; password: string; message: string | null };
  matches(value: 'linking' | 'linked'): boolean;
  hasTag(tag: 'copying'): boolean;
  can(event: { type: 'wallet.confirm' }): boolean;
}

type LinkEvent = { type: 'wallet.copyKey' } | { type: 'password.change'; value: string } | { type: 'wallet.confirm' };

/** The key modal's copy / password / confirm part, the same in both flows. */
export type LinkKeyModalProps = Pick<
  KeyModalProps,
  'copied' | 'copying' | 'onCopy' | 'askPassword' | 'password' | 'onPassword' | 'canConfirm' | 'linking' | 'onConfirm'
>;

/**
 * What Create Wallet and Import Wallet share around their machines: the account password is asked
 * for when the session did not hold it on arrival (fixed then, so the field does not vanish while
 * typing), the server's message is handed on once linked, and the key modal's common props.
 */
export function useWalletLink(
  state: LinkSnapshot,
  send: (event: LinkEvent) => void,
  { password, onLinked }: Pick<WalletLinkProps<unknown>, 'password' | 'onLinked'>,
): LinkKeyModalProps {
  const [askPassword] = useState(password === null);
  const c = state.context;
  const linked = state.matches('linked');
  useEffect(() => {
    if (linked) onLinked(c.message ?? '');
  }, [linked, c.message, onLinked]);

  return {
    copied: c.copied,
    copying: state.hasTag('copying'),
    onCopy: () => send({ type: 'wallet.copyKey' }),
    askPassword,
    password: c.password,
    onPassword: (value) => send({ type: 'password.change', value }),
    canConfirm: state.can({ type: 'wallet.confirm' }),
    linking: state.matches('linking'),
    onConfirm: () => send({ type: 'wallet.confirm' }),
  };
}
