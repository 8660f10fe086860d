/** Texts of the deploy screen that common/spec.ts does not hold (labels and notes). */
export const DEPLOY_TEXTS = {
  intro:
    'Upload a Solidity (.sol) file and deploy it to the Ruby chain as a token (RBC20) or a DApp. The source is compiled on the server and published as verified.',
  contractName: 'Contract Name',
  contractNameHint: 'The name of the contract in the file (e.g. GoldToken).',
  privateKey: 'Private Key',
  privateKeyHint: 'Signs the deployment and pays its fee. Sent once over this request; never stored.',
  contractType: 'Contract Type',
  chooseType: 'Select a type',
  typeToken: 'Token (RBC20)',
  typeDapp: 'DApp / NFT',
  file: 'Solidity file (.sol)',
  preview: 'Code preview',
  deploy: 'Deploy',
  deployedAt: 'Contract address',
  copyAddress: 'Copy Address',
  viewToken: 'View token',
  viewContract: 'View contract',
  transaction: 'Transaction',
  again: 'Deploy another contract',
  copied: 'Copied to clipboard!',
} as const;
