/**
 * The deploy flow's context, events and actor shapes (deployMachine.ts). Kept apart so the
 * machine file stays a readable chart and the screen and its tests import the shapes alone.
 */
export type DeployContractType = '' | 'RBC20' | 'DApp';

/** Who signs the creation transaction; every one signs in the browser (docs/decisions.md). */
export type DeploySigner = 'web' | 'injected' | 'key';

export interface DeployFields {
  contractName: string;
  /** Only for the 'key' signer: used in this browser, never sent. */
  privateKey: string;
  contractType: DeployContractType;
}

export interface WebWalletInfo {
  email: string;
  /** r… */
  address: string;
  /** The key is held by this browser session: no password needed. */
  unlocked: boolean;
}

export interface DeploySigners {
  web: WebWalletInfo | null;
  injected: boolean;
}

/** POST /compileContract's answer plus the source the browser read (the verification sends it back). */
export interface Compiled {
  contractName: string;
  fileName: string;
  source: string;
  /** Creation code with the constructor arguments appended: the transaction's data. */
  data: string;
  encodedConstructorArguments: string;
  compilerVersion: string;
  compilerSettings: { optimizer: { enabled: boolean; runs: number }; evmVersion: string };
}

export interface DeployContext extends DeployFields {
  file: File | null;
  /** The chosen file's text, shown as the code preview. */
  code: string;
  signers: DeploySigners;
  signer: DeploySigner;
  /** The web wallet's account password, only while unlocking. */
  password: string;
  compiled: Compiled | null;
  /** The signing account, r…. */
  from: string | null;
  error: string | null;
  contractAddress: string | null;
  transactionHash: string | null;
  /** Whether POST /verifyContract proved the source; why not when it did not. */
  verified: boolean;
  verifyError: string | null;
  copyError: string | null;
}

export interface CompileInput {
  file: File;
  contractName: string;
  contractType: 'RBC20' | 'DApp';
}

export interface ConnectInput {
  signer: DeploySigner;
  email: string | null;
  password: string | null;
  privateKey: string;
}

export interface SendInput {
  signer: DeploySigner;
  email: string | null;
  from: string;
  privateKey: string;
  data: string;
}

/** The mined creation: its status and the created address (r…), null when none was created. */
export interface MinedCreation {
  status: number;
  contractAddress: string | null;
}

export interface VerifyInput {
  address: string;
  transactionHash: string;
  compiled: Compiled;
}

export type DeployEvent =
  | { type: 'field.change'; field: keyof DeployFields; value: string }
  | { type: 'file.select'; file: File | null; code: string }
  | { type: 'signer.choose'; signer: DeploySigner }
  | { type: 'password.change'; value: string }
  | { type: 'unlock.submit' }
  | { type: 'deploy.cancel' }
  | { type: 'deploy.submit' }
  | { type: 'address.copy' }
  | { type: 'deploy.again' };

/** A compile refusal whose message the user should read ("Error uploading file: {message}"). */
export class UploadError extends Error {}

/** The web wallet's password did not open the keystore: ask again (one class for both machines). */
export { PasswordNeededError } from './writeContractTypes';

/** The form as it opens. */
export const EMPTY: DeployContext = {
  contractName: '',
  privateKey: '',
  contractType: '',
  file: null,
  code: '',
  signers: { web: null, injected: false },
  signer: 'key',
  password: '',
  compiled: null,
  from: null,
  error: null,
  contractAddress: null,
  transactionHash: null,
  verified: false,
  verifyError: null,
  copyError: null,
};

/** What a new deployment (or 'deploy again') clears. */
export const RESULT_CLEARED = {
  error: null,
  contractAddress: null,
  transactionHash: null,
  verified: false,
  verifyError: null,
  copyError: null,
  compiled: null,
} as const;
