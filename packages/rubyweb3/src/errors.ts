/** Every failure of the package: a code to branch on, the server's message when it sent one. */
export type RubyWeb3ErrorCode =
  | 'INVALID_ADDRESS'
  | 'INVALID_PRIVATE_KEY'
  | 'INVALID_AMOUNT'
  | 'INVALID_ARGUMENT'
  | 'API_ERROR'
  | 'NETWORK_ERROR'
  | 'TIMEOUT'
  | 'TRANSACTION_FAILED';

export class RubyWeb3Error extends Error {
  constructor(
    message: string,
    readonly code: RubyWeb3ErrorCode,
    /** HTTP status of an API error (404 unknown block / transaction, 401 bad API key, 429 rate limit…). */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RubyWeb3Error';
  }
}
