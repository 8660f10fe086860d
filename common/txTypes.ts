/**
 * Transaction type codes: the API's `transactiontype` and the database's `tx_type`, decided by the
 * indexer once per transaction (server/indexer/transform.ts): no `to` → contract create; empty
 * input to a plain account → coin transfer; an RBC20 `transfer` / `transferFrom` call to a known
 * token → token transfer; any other call → contract call (DEX swaps included). The labels the
 * screens show are TX_TYPE_LABELS in spec.ts.
 */
export const TX_TYPE = { coinTransfer: 0, contractCreate: 1, tokenTransfer: 2, contractCall: 3 } as const;

export type TxTypeCode = (typeof TX_TYPE)[keyof typeof TX_TYPE];

/**
 * Decimals of a token whose contract does not answer `decimals()` (the RBC20 / ERC-20 default, the
 * coin's too). NFTs have 0 and say so where they are read.
 */
export const DEFAULT_TOKEN_DECIMALS = 18;
