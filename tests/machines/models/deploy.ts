/**
 * The deploy machine's model (not a test file): the answers its paths are generated from, the
 * events each state offers and the paths themselves, shared by the jsdom model test
 * (tests/machines/deployMachine.model.test.tsx) and the browser walk (tests/e2e/paths/).
 */
import { DEPLOY_TEXTS } from '../../../src/features/deploy/texts';
import {
  deployMachine,
  PasswordNeededError,
  UploadError,
  type Compiled,
  type DeployContext,
  type DeployEvent,
  type DeploySigners,
} from '../../../src/machines/deployMachine';
import { machinePaths } from '../coverage';

export const ADDRESS = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
export const FROM = `r${'ab'.repeat(20)}`;
export const TX = `0x${'ab'.repeat(32)}`;
export const KEY = `0x${'59'.repeat(32)}`;
export const SOURCE = 'pragma solidity ^0.8.20;\ncontract GoldToken {}\n';
export const FILE = new File([SOURCE], 'GoldToken.sol', { type: 'text/plain' });
export const COMPILE_ERROR = "Compilation failed:\nParserError: Expected ';' but got 'function'";
export const SIGNERS: DeploySigners = { web: { email: 'ann@example.com', address: FROM, unlocked: false }, injected: true };
export const COMPILED: Compiled = {
  contractName: 'GoldToken',
  fileName: 'GoldToken.sol',
  source: SOURCE,
  data: '0x6080',
  encodedConstructorArguments: '0x',
  compilerVersion: 'v0.8.37+commit.a1b2c3d4',
  compilerSettings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
};

type AnyEvent = { type: string } & Record<string, unknown>;
export const OWN: AnyEvent[] = [
  { type: 'file.select', file: FILE, code: SOURCE },
  { type: 'field.change', field: 'contractName', value: 'GoldToken' },
  { type: 'field.change', field: 'contractType', value: 'RBC20' },
  { type: 'field.change', field: 'privateKey', value: KEY },
  { type: 'signer.choose', signer: 'web' },
  { type: 'signer.choose', signer: 'injected' },
  { type: 'signer.choose', signer: 'key' },
  { type: 'password.change', value: 'account-pass' },
  { type: 'unlock.submit' },
  { type: 'deploy.cancel' },
  { type: 'deploy.submit' },
  { type: 'address.copy' },
  { type: 'deploy.again' },
];
/** Error events carry a `case`: the traversal tells events apart by their JSON, where errors read {}. */
export const ACTORS: AnyEvent[] = [
  { type: 'xstate.done.actor.detect', output: SIGNERS },
  { type: 'xstate.error.actor.detect', error: new Error('offline') },
  { type: 'xstate.done.actor.compile', output: COMPILED },
  { type: 'xstate.error.actor.compile', error: new UploadError(COMPILE_ERROR), case: 'refused' },
  { type: 'xstate.error.actor.compile', error: new TypeError('Failed to fetch'), case: 'network' },
  { type: 'xstate.done.actor.connect', output: FROM },
  { type: 'xstate.error.actor.connect', error: new PasswordNeededError('That password does not open this wallet'), case: 'password' },
  { type: 'xstate.error.actor.connect', error: new Error('You rejected the request in your wallet.'), case: 'rejected' },
  { type: 'xstate.done.actor.send', output: TX },
  { type: 'xstate.error.actor.send', error: new Error('The node refused the transaction') },
  { type: 'xstate.done.actor.waitDeployed', output: { status: 1, contractAddress: ADDRESS } },
  { type: 'xstate.done.actor.waitDeployed', output: { status: 0, contractAddress: null } },
  { type: 'xstate.error.actor.waitDeployed', error: new Error(DEPLOY_TEXTS.notMined) },
  { type: 'xstate.done.actor.verify', output: undefined },
  { type: 'xstate.error.actor.verify', error: new Error('Bytecode mismatch') },
  { type: 'xstate.done.actor.copyAddress', output: undefined },
  { type: 'xstate.error.actor.copyAddress', error: new Error('Permission denied') },
];

/** File, name and type given, and the key when the pasted key signs. */
export const filled = (c: DeployContext) =>
  c.file !== null && c.contractName !== '' && c.contractType !== '' && (c.signer !== 'key' || c.privateKey !== '');

export const deployPaths = () =>
  machinePaths(deployMachine, {
    events: [...OWN, ...ACTORS] as unknown as DeployEvent[],
    // One fill order (file, name, type; then the signer and, for the pasted key, the key: the key
    // field is on screen only then), so the paths take each transition without every permutation.
    filterEvents: (s, e) => {
      const c = s.context as DeployContext;
      const failed = s.matches('failed');
      if (e.type === 'file.select') return c.file === null || failed;
      if (e.type === 'field.change' && e.field === 'contractName') return c.file !== null && (c.contractName === '' || failed);
      if (e.type === 'field.change' && e.field === 'contractType') return c.contractName !== '' && c.contractType === '';
      if (e.type === 'field.change' && e.field === 'privateKey') return c.signer === 'key' && c.contractType !== '' && c.privateKey === '';
      if (e.type === 'signer.choose') return c.contractType !== '';
      // 'Please fill in all fields.' once, on the empty form.
      if (e.type === 'deploy.submit' && s.matches('idle') && !filled(c)) return c.file === null;
      return true;
    },
    contextKey: (c: DeployContext) =>
      `${c.signers.web ? 'web' : ''}+${c.signers.injected ? 'injected' : ''}, ${filled(c) ? 'filled' : `missing ${[c.file ? '' : 'file', c.contractName ? '' : 'name', c.contractType ? '' : 'type'].join(' ')}`}, ${c.signer}, ${c.signers.web?.unlocked ? 'unlocked' : 'locked'}, ${c.password ? 'password' : 'no password'}${c.password === '' && c.error ? `, message ${c.error === 'Type your account password' ? 'asks' : 'tells'}` : ''}`,
  });
