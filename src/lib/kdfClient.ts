/**
 * The SPA's side of the password split (common/kdf.ts, docs/decisions.md#secrets): derives the
 * log-in secret and the wallet key from a password and email in a Web Worker (src/lib/kdfWorker.ts:
 * Argon2id takes about a second and would freeze the page), reporting progress from 0 to 1.
 * The last result is kept in memory, so the flows that need the keys again in one session
 * (log-in, then the wallet link or a send) do not pay twice; `forgetDerivedKeys` drops it.
 * Where no Worker exists (jsdom tests) the same function runs in the calling thread.
 */
import type { DerivedKeys } from '../../common/kdf';
import type { KdfReply, KdfRequest } from './kdfWorker';

export type { DerivedKeys };

export class KdfError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KdfError';
  }
}

/** The name of the performance measure of each derivation (not of a remembered one). */
export const KDF_MEASURE = 'ruby-kdf';

let last: { password: string; email: string; keys: DerivedKeys } | null = null;

export function forgetDerivedKeys(): void {
  last = null;
}

const newWorker = () => new Worker(new URL('./kdfWorker.ts', import.meta.url), { type: 'module', name: 'kdf' });
/** A worker started ahead, its code already fetched: the next derivation needs no network. */
let spare: Worker | null = null;

/**
 * Starts a derivation worker now (a form that will ask for the password opens), so that unlocking
 * later works even if the network is gone by then. Idempotent; a no-op without Worker.
 */
export function prepareKdf(): void {
  if (spare === null && typeof Worker !== 'undefined') spare = newWorker();
}

function inWorker(request: KdfRequest, onProgress: (fraction: number) => void): Promise<DerivedKeys> {
  return new Promise((resolve, reject) => {
    const worker = spare ?? newWorker();
    spare = null;
    const end = () => worker.terminate();
    worker.onmessage = (e: MessageEvent<KdfReply>) => {
      const m = e.data;
      if (m.type === 'progress') onProgress(m.value);
      else if (m.type === 'done') {
        end();
        resolve(m.keys);
      } else {
        end();
        reject(new KdfError(m.message));
      }
    };
    worker.onerror = (e) => {
      end();
      reject(new KdfError(e.message || 'the key derivation could not start'));
    };
    worker.postMessage(request);
  });
}

/** The keys of `password` for the account `email` (trimmed and lower-cased inside). */
export async function deriveKeys(password: string, email: string, onProgress: (fraction: number) => void = () => {}): Promise<DerivedKeys> {
  const normalised = email.trim().toLowerCase();
  if (last && last.password === password && last.email === normalised) {
    onProgress(1);
    return last.keys;
  }
  const started = performance.now();
  const keys =
    typeof Worker === 'undefined'
      ? (await import('../../common/kdf')).deriveKeys(password, normalised, onProgress)
      : await inWorker({ password, email: normalised }, onProgress);
  last = { password, email: normalised, keys };
  // Read by the browser test that holds it to its budget (bench/README.md: ≤ 1.5 s at 4× CPU throttling).
  performance.measure(KDF_MEASURE, { start: started, end: performance.now() });
  return keys;
}
