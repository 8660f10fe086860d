/**
 * The API's error, for both sides: the server throws an ApiError and answers it as
 * `{ status: false, message }` (the ErrorBody schema of base.ts) with its status code; the SPA
 * reads the server's words back out of an answer with apiErrorMessage. No dependency, so the SPA
 * bundle takes only what it uses.
 */

/** The body of every 4xx/5xx answer (ErrorBody in base.ts is its schema). */
export interface ApiErrorBody {
  status: false;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** What the API answers for this error. */
  body(): ApiErrorBody {
    return errorBody(this.message);
  }
}

export const errorBody = (message: string): ApiErrorBody => ({ status: false, message });
export const badRequest = (message: string) => new ApiError(400, message);
export const notFound = (message: string) => new ApiError(404, message);

function text(data: unknown, key: string): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const v = (data as Record<string, unknown>)[key];
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * The server's words in an answer: `message` (every error body), else the older API's `msg` (log-in)
 * or a string `result` (sign-up); null when none.
 */
export function apiErrorMessage(data: unknown): string | null {
  return text(data, 'message') ?? text(data, 'msg') ?? text(data, 'result');
}

/** An answer counts only when it is an object with `status: true` (a falsy status is ignored). */
export function hasStatusTrue(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { status?: unknown }).status === true;
}
