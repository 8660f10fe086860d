/** A failed call: `status` is the HTTP status, or 'network' when no answer came. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number | 'network',
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }
}
