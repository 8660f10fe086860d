/** Texts of the deploy screen that common/spec.ts does not hold (labels and notes). */
import { CONSTRUCTOR_HELP } from '../../../common/api/deployConstants';
import { defineTexts } from '../../lib/i18n';

export const DEPLOY_TEXTS = defineTexts('deploy.texts', {
  intro:
    'Upload a Solidity (.sol) file and deploy it to the Ruby chain as a token (RBC20) or a DApp. The source is compiled on the server, the deployment is signed in your browser, and the source is published as verified.',
  contractName: 'Contract Name',
  contractNameHint: 'The name of the contract in the file (e.g. GoldToken).',
  privateKey: 'Private Key',
  privateKeyHint: 'Signs the deployment in this browser and pays its fee. It is never sent to the server, never stored.',
  contractType: 'Contract Type',
  chooseType: 'Select a type',
  typeToken: 'Token (RBC20)',
  typeDapp: 'DApp / NFT',
  file: 'Solidity file (.sol)',
  /** The file field's note (common/api/deployConstants.ts words what the server accepts). */
  constructorHelp: CONSTRUCTOR_HELP,
  maxSize: (kb: number) => `At most ${kb} KB.`,
  preview: 'Code preview',
  deploy: 'Deploy',
  deployedAt: 'Contract address',
  copyAddress: 'Copy Address',
  viewToken: 'View token',
  viewContract: 'View contract',
  transaction: 'Transaction',
  again: 'Deploy another contract',
  copied: 'Copied to clipboard!',
  signWith: 'Sign with',
  signerWeb: 'My web wallet',
  signerInjected: 'Browser wallet (e.g. MetaMask)',
  signerKey: 'Paste a private key',
  password: 'Account password',
  passwordHint: 'Opens your wallet in this browser to sign the deployment; it is not sent anywhere.',
  unlock: 'Unlock and deploy',
  cancel: 'Cancel',
  compiling: 'Compiling on the server…',
  connecting: 'Opening the wallet…',
  sending: 'Signing and sending the deployment…',
  pending: 'Waiting for the deployment to be mined…',
  verifying: 'Verifying the source against the chain…',
  verifiedBadge: 'Verified',
  verified: 'Source verified: the creation and runtime code match the chain.',
  notVerified: 'Deployed, but the source is not verified yet: {reason}',
  badKey: 'Invalid private key: it is not a valid secp256k1 key',
  notMined: 'The deployment was sent but is not indexed yet; look it up later on its transaction page',
} as const);

/** Code and examples inside the texts above (a file extension, Solidity types and names): kept as they are in every language (keepTerms). */
export const DEPLOY_CODE_TERMS: readonly string[] = [
  '.sol',
  'GoldToken',
  'RubyGold',
  'RG',
  'string',
  'uint256',
  'name',
  'symbol',
  'initialSupply',
];
