/**
 * The password split's Argon2id off the main thread (common/kdf.ts): one request, progress
 * messages while it runs, then the two keys. Started by src/lib/kdfClient.ts; the password
 * reaches this worker by postMessage only, and nothing here logs or sends it.
 */
import { deriveKeys } from '../../common/kdf';

export interface KdfRequest {
  password: string;
  email: string;
}
export type KdfReply =
  | { type: 'progress'; value: number }
  | { type: 'done'; keys: { loginSecret: string; walletKey: string } }
  | { type: 'error'; message: string };

const post = (m: KdfReply) => (self as unknown as { postMessage(m: KdfReply): void }).postMessage(m);

self.onmessage = (e: MessageEvent<KdfRequest>) => {
  try {
    let last = -1;
    const keys = deriveKeys(e.data.password, e.data.email, (value) => {
      // A message per percent at most.
      if (Math.floor(value * 100) === last) return;
      last = Math.floor(value * 100);
      post({ type: 'progress', value });
    });
    post({ type: 'done', keys });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
