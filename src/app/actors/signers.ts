/**
 * Finding and opening the browser's signers, shared by the write-contract and deploy machines:
 * the signed-in user's web wallet (key decrypted in the browser, features/wallet/contractSigner.ts)
 * and an injected EIP-1193 wallet (sections/contract/injectedWallet.ts), both loaded on demand.
 */
import { PasswordNeededError, type SignerKind, type Signers } from '../../machines/writeContractTypes';

export async function detectSigners(): Promise<Signers> {
  const [wallet, injected] = await Promise.all([
    import('../../features/wallet/contractSigner'),
    import('../../sections/contract/injectedWallet'),
  ]);
  return { web: await wallet.webWalletStatus(), injected: injected.injectedProvider() !== null };
}

/** The signer's address; a wrong or missing web-wallet password is a PasswordNeededError. */
export async function connectSigner(signer: SignerKind, email: string | null, password: string | null): Promise<string> {
  if (signer === 'injected') return (await import('../../sections/contract/injectedWallet')).connectInjected();
  const w = await import('../../features/wallet/contractSigner');
  try {
    return await w.connectWebWallet(email ?? '', password);
  } catch (err) {
    if (err instanceof w.WrongPasswordError) throw new PasswordNeededError(err.message);
    throw err;
  }
}
