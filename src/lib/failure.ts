/**
 * The one reading of a failed API call, for every screen that shows one: RTK Query's error
 * (ApiFailure: the HTTP status or 'FETCH_ERROR' / 'TIMEOUT_ERROR' / 'PARSING_ERROR', and the
 * server's words) or a SerializedError (a thrown exception: a message, no status).
 */
import { localizeServerMessage } from './serverMessages';

/** 400: the input was refused; 404: it names nothing known; anything else: the read failed. */
export type FailureKind = 'invalid' | 'notFound' | 'other';

export interface Failure {
  kind: FailureKind;
  /** The HTTP status, RTK Query's word for a call without one, or undefined (no status at all). */
  status: number | string | undefined;
  /** The server's (or the exception's) words, known ones translated, or undefined when there are none. */
  message: string | undefined;
  /** No answer came: the connection failed or timed out. */
  network: boolean;
  /** The server refused the caller (401 or 403: no, an expired or a foreign login). */
  denied: boolean;
}

function field(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null && key in error ? (error as Record<string, unknown>)[key] : undefined;
}

export function classifyFailure(error: unknown): Failure {
  const s = field(error, 'status');
  const status = typeof s === 'number' || typeof s === 'string' ? s : undefined;
  const m = field(error, 'message');
  return {
    kind: status === 400 ? 'invalid' : status === 404 ? 'notFound' : 'other',
    status,
    // Shown to users: a known server message in the active language (serverMessages.ts).
    message: m === undefined ? undefined : localizeServerMessage(String(m)),
    network: status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR',
    denied: status === 401 || status === 403,
  };
}
