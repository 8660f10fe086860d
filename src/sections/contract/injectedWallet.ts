/**
 * An injected EIP-1193 wallet (window.ethereum, e.g. MetaMask) as the signer of a contract write:
 * connect (eth_requestAccounts), move it to this explorer's chain (wallet_switchEthereumChain, or
 * wallet_addEthereumChain when it does not know the chain), send (eth_sendTransaction: the wallet
 * signs and broadcasts). Its errors become sentences (EIP-1193 codes 4001, 4902, …).
 */
import { toHexAddress, toRubyAddress } from '../../../common/address';
import { links } from '../../app/links';
import { CHAIN_NAME, WRITE_TEXTS } from './writeTexts';

export interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export function injectedProvider(): Eip1193 | null {
  const eth = (globalThis as { ethereum?: Partial<Eip1193> }).ethereum;
  return eth && typeof eth.request === 'function' ? (eth as Eip1193) : null;
}

function code(err: unknown): number | null {
  const c = (err as { code?: unknown } | null)?.code;
  return typeof c === 'number' ? c : null;
}

/** An EIP-1193 error as a sentence. */
export function walletError(err: unknown): Error {
  if (code(err) === 4001) return new Error(WRITE_TEXTS.rejected);
  const m = (err as { message?: unknown } | null)?.message;
  return new Error(typeof m === 'string' && m ? m : WRITE_TEXTS.walletFailed);
}

function provider(): Eip1193 {
  const p = injectedProvider();
  if (!p) throw new Error(WRITE_TEXTS.noInjected);
  return p;
}

/** Asks the wallet for an account; answers it as r…. */
export async function connectInjected(): Promise<string> {
  try {
    const accounts = (await provider().request({ method: 'eth_requestAccounts' })) as unknown;
    const first = Array.isArray(accounts) ? accounts[0] : null;
    if (typeof first !== 'string') throw new Error(WRITE_TEXTS.noAccount);
    return toRubyAddress(first);
  } catch (err) {
    throw err instanceof Error && !('code' in err) ? err : walletError(err);
  }
}

/** Moves the wallet to `chainId`, adding the chain first when the wallet does not know it. */
export async function ensureChain(chainId: number): Promise<void> {
  const p = provider();
  const hex = `0x${chainId.toString(16)}`;
  if (((await p.request({ method: 'eth_chainId' }).catch(() => null)) as string | null)?.toLowerCase() === hex) return;
  try {
    await p.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: hex }] });
  } catch (err) {
    if (code(err) !== 4902) throw walletError(err);
    const rpc = links.rubyRpc;
    if (!rpc) throw new Error(WRITE_TEXTS.addChainManually(chainId), { cause: err });
    try {
      await p.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: hex,
            chainName: CHAIN_NAME,
            nativeCurrency: { name: 'RUBY', symbol: 'RUBY', decimals: 18 },
            rpcUrls: [rpc],
            blockExplorerUrls: [globalThis.location.origin],
          },
        ],
      });
    } catch (addErr) {
      throw walletError(addErr);
    }
  }
}

export interface InjectedWrite {
  from: string;
  /** null: a contract creation (the Deploy page). */
  to: string | null;
  data: string;
  value: bigint;
  gasLimit: bigint;
  chainId: number;
}

/** Sends through the wallet (it signs and broadcasts); answers the transaction hash. */
export async function sendInjected(w: InjectedWrite): Promise<string> {
  await ensureChain(w.chainId);
  try {
    const hash = await provider().request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: toHexAddress(w.from),
          ...(w.to === null ? {} : { to: toHexAddress(w.to) }),
          data: w.data,
          value: `0x${w.value.toString(16)}`,
          gas: `0x${w.gasLimit.toString(16)}`,
        },
      ],
    });
    if (typeof hash !== 'string') throw new Error(WRITE_TEXTS.walletFailed);
    return hash.toLowerCase();
  } catch (err) {
    throw walletError(err);
  }
}
