import { defineTexts } from '../../lib/i18n';

/** Texts of the Contract tab's code view (token and contract pages); CONTRACT_TEXTS spreads them. */
export const CODE_TEXTS = defineTexts('sections.code', {
  abi: 'Contract ABI',
  source: 'Contract Source Code',
  bytecode: 'Contract Bytecode',
  notVerified: 'The source code of this contract is not verified. Below is the bytecode deployed on chain.',
  noBytecode: 'The bytecode could not be read from the node.',
  copyAbi: 'Copy ABI',
  copySource: 'Copy source code',
  copyBytecode: 'Copy bytecode',
  verifyLink: 'Verify & Publish the source',
  views: 'Contract views',
  /** One file of a standard JSON input: 'Contract Source Code: a.sol'. */
  sourceFile: (name: string) => `Contract Source Code: ${name}`,
  copySourceFile: (name: string) => `Copy source code (${name})`,
  /** The line a linked call reverted on, marked in the code. */
  markedLine: (line: number) => `Line ${line}, marked:`,
} as const);
