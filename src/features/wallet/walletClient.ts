/**
 * The wallet's calls that change things or carry secrets, as plain promises for the machines'
 * actors (reads for the screens go through RTK Query in walletApi.ts). Sign-up and log-in send
 * the log-in secret derived from the password (accountKeys.ts), in JSON bodies; only
 * `loginOldForm` sends a password, once, to move an account made before the split over. No call
 * here puts a key or a password in a URL.
 */
import type {
  ChallengeResponse,
  LinkWalletBody,
  LinkWalletResponse,
  LoginResponse,
  PreparedTx,
  PrepareTxBody,
  RekeyBody,
  RekeyResponse,
  RegistrationResponse,
  WalletData,
} from '../../../common/api/wallet';
import { API_BASE, hasStatusTrue, serverMessage, withAuth } from '../../app/api';
import { paths } from '../../../common/api/paths';
import { KDF_ID } from '../../../common/kdfParams';
import { ApiCallError } from '../../lib/apiCallError';
import { localizeServerMessage } from '../../lib/serverMessages';

export { ApiCallError };

/**
 * JSON in, JSON out, with the login token when one is held (withAuth, as every RTK call); an
 * answer without `status: true` rejects with the server's words, in the active language when
 * they are known ones (src/lib/serverMessages.ts).
 */
export async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers = withAuth(new Headers());
  if (body !== undefined) headers.set('content-type', 'application/json');
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  } catch (err) {
    throw new ApiCallError(localizeServerMessage(err instanceof Error ? err.message : String(err)), 'network');
  }
  let data: unknown = null;
  try {
    data = await res.json();
  } catch {
    // Not JSON: reported below with the HTTP status.
  }
  if (!res.ok || !hasStatusTrue(data))
    throw new ApiCallError(localizeServerMessage(serverMessage(data) ?? `HTTP ${res.status}`), res.status, data);
  return data as T;
}

export const walletClient = {
  signup: (email: string, loginSecret: string) =>
    request<RegistrationResponse>('POST', paths.register(), { email, password: loginSecret, kdf: KDF_ID }),
  login: (email: string, loginSecret: string) =>
    request<LoginResponse>('POST', paths.login(), { email, password: loginSecret, kdf: KDF_ID }),
  /** The old form: only after the server answered `upgrade` to `login` (accountKeys.ts). */
  loginOldForm: (email: string, password: string) => request<LoginResponse>('POST', paths.login(), { email, password }),
  rekey: (body: Omit<RekeyBody, 'kdf'>) => request<RekeyResponse>('POST', paths.rekey(), { ...body, kdf: KDF_ID }),
  challenge: () => request<ChallengeResponse>('GET', paths.walletChallenge()).then((r) => r.result.message),
  link: (body: LinkWalletBody) => request<LinkWalletResponse>('POST', paths.importWallet(), body),
  walletData: (email: string) => request<{ result: WalletData | null }>('GET', paths.walletData(email)).then((r) => r.result),
  prepareTx: (body: PrepareTxBody) => request<{ result: PreparedTx }>('POST', paths.prepareTx(), body).then((r) => r.result),
  sendRaw: (rawTransaction: string) => request<{ result: string }>('POST', paths.sendRawTx(), { rawTransaction }).then((r) => r.result),
  txStatus: (hash: string) =>
    request<{ result: { indexed: boolean; status: number | null } }>('GET', paths.txStatus(hash)).then((r) => r.result),
};
