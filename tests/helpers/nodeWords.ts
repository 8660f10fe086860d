/** Words a real node answered, kept for the tests that show them (not a test file). */

/**
 * anvil 1.7.1's eth_estimateGas error for RubyToken (OpenZeppelin 5) transfer(…, 100e18) from an account holding
 * 10e18, as the relay passes it on (server/wallet/transactions.ts): ERC20InsufficientBalance(sender, 10e18, 100e18).
 */
export const ANVIL_INSUFFICIENT_BALANCE =
  'The transaction would fail: execution reverted: custom error 0xe450d38c: 000000000000000000000000f39fd6e51aad88f6f4ce6ab8827279cfffb922660000000000000000000000000000000000000000000000008ac7230489e800000000000000000000000000000000000000000000000000056bc75e2d63100000';
