/**
 * What the node offers beyond plain blocks and transactions, as /api/ready reports it,
 * and the plain-words notices the API and the pages show when a capability is missing.
 */
import { Type, type Static } from '@sinclair/typebox';

export const NodeCapabilities = Type.Object(
  {
    traceBlock: Type.Boolean({ description: 'trace_block (parity traces)' }),
    debugTrace: Type.Boolean({ description: 'debug_traceBlockByNumber with callTracer (geth traces)' }),
    blockReceipts: Type.Boolean({ description: 'eth_getBlockReceipts (else one eth_getTransactionReceipt per transaction)' }),
    txpool: Type.Boolean({ description: 'txpool_status / txpool_content' }),
    oldState: Type.Boolean({ description: 'state (balances, calls) at a block 1,000 below the head, or block 1 on a shorter chain' }),
    subscribe: Type.Boolean({ description: 'eth_subscribe over the WebSocket twin of the node URL' }),
    missing: Type.Array(Type.String(), { description: 'what is missing, in plain words' }),
    probedAt: Type.String({ description: 'ISO time of the probe' }),
  },
  { description: 'What the node offers beyond blocks and transactions' },
);
export type NodeCapabilities = Static<typeof NodeCapabilities>;

/**
 * Plain-words notice when neither trace flavour is offered (API, pages, log); also the reason the
 * API gives beside `internalTransactions: null`.
 */
export const NO_TRACES_NOTICE = 'This node offers no call traces: internal transactions are not available';
