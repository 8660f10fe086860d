/** Texts of the Contract tab's code view (token and contract pages); CONTRACT_TEXTS spreads them. */
export const CODE_TEXTS = {
  abi: 'Contract ABI',
  source: 'Contract Source Code',
  bytecode: 'Contract Bytecode',
  notVerified: 'The source code of this contract is not verified. Below is the bytecode deployed on chain.',
  noBytecode: 'The bytecode could not be read from the node.',
  copyAbi: 'Copy ABI',
  copySource: 'Copy source code',
  copyBytecode: 'Copy bytecode',
  verifyLink: 'Verify & Publish the source',
} as const;
