/**
 * The indexer's RPC client, with a cancel switch for shutdown.
 *
 * Why: Indexer.stop() only takes effect between two runOnce() rounds, and one round of a
 * catch-up indexes the whole range to the node's head (minutes on a long chain), with retries of
 * up to many seconds per call when the node is down. Cancelling the node calls ends the round
 * promptly and safely: the batch being committed finishes (its database transaction does not
 * use the node), a batch still being fetched or prepared is never written, and a rollback that
 * needs the node fails inside its transaction, which then rolls back. Nothing partial is stored.
 */
import { RpcClient, RpcTransportError, type RpcCall, type RpcOutcome } from '../chain/rpc';

export const SHUTDOWN_CANCEL_MESSAGE = 'node calls cancelled: shutting down';

export class StoppableRpcClient extends RpcClient {
  private cancelled = false;
  private cancelAll: (err: Error) => void = () => {};
  private readonly cancelledPromise = new Promise<never>((_resolve, reject) => {
    this.cancelAll = reject;
  });

  constructor(...args: ConstructorParameters<typeof RpcClient>) {
    super(...args);
    this.cancelledPromise.catch(() => {}); // only ever observed through the races below
  }

  /** Every call in flight and every later one fails at once with SHUTDOWN_CANCEL_MESSAGE. */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.cancelAll(new RpcTransportError(SHUTDOWN_CANCEL_MESSAGE));
  }

  override async batchSettled<T = unknown>(calls: RpcCall[]): Promise<RpcOutcome<T>[]> {
    if (this.cancelled) throw new RpcTransportError(SHUTDOWN_CANCEL_MESSAGE);
    // The request itself runs on (fetch has no shared abort here); nobody waits for it any more.
    return Promise.race([super.batchSettled<T>(calls), this.cancelledPromise]);
  }
}
