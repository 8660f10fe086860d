/**
 * Model-based test of the deploy flow (issue #25 item 19: compile on the server, sign in the
 * browser): every generated path through deployMachine is replayed on the rendered deploy screen
 * (user events on the form; each network actor is answered when the path says so). Path coverage
 * of states and transitions must be 100%.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { fillMessage, MESSAGES } from '../../common/spec';
import { DeployContractPage } from '../../src/features/deploy/DeployContractPage';
import { DEPLOY_TEXTS } from '../../src/features/deploy/texts';
import {
  deployMachine,
  PasswordNeededError,
  UploadError,
  type Compiled,
  type DeployContext,
  type DeployEvent,
  type DeploySigners,
  type MinedCreation,
} from '../../src/machines/deployMachine';
import { machinePaths, pathCoverage, reportCoverage } from './coverage';
import { Pending, renderScreen } from './modelHarness';

const copyText = vi.hoisted(() => vi.fn<(text: string) => Promise<void>>());
vi.mock('../../src/lib/clipboard', () => ({ copyText }));

const ADDRESS = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
const FROM = `r${'ab'.repeat(20)}`;
const TX = `0x${'ab'.repeat(32)}`;
const KEY = `0x${'59'.repeat(32)}`;
const SOURCE = 'pragma solidity ^0.8.20;\ncontract GoldToken {}\n';
const FILE = new File([SOURCE], 'GoldToken.sol', { type: 'text/plain' });
const COMPILE_ERROR = "Compilation failed:\nParserError: Expected ';' but got 'function'";
const SIGNERS: DeploySigners = { web: { email: 'ann@example.com', address: FROM, unlocked: false }, injected: true };
const COMPILED: Compiled = {
  contractName: 'GoldToken',
  fileName: 'GoldToken.sol',
  source: SOURCE,
  data: '0x6080',
  encodedConstructorArguments: '0x',
  compilerVersion: 'v0.8.37+commit.a1b2c3d4',
  compilerSettings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' },
};

type AnyEvent = { type: string } & Record<string, unknown>;
const OWN: AnyEvent[] = [
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
const ACTORS: AnyEvent[] = [
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

const filled = (c: DeployContext) =>
  c.file !== null && c.contractName !== '' && c.contractType !== '' && (c.signer !== 'key' || c.privateKey !== '');
const paths = machinePaths(deployMachine, {
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

const button = () => screen.getByRole('button', { name: /^(Deploy|Deploying\.\.\.)$/ });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);
const step = () => screen.getByTestId('deploy-step');
const ctx = (s: unknown) => (s as { context: DeployContext }).context;

describe('deployMachine paths on the deploy screen', () => {
  afterAll(() => reportCoverage(pathCoverage(deployMachine, paths)));

  it('covers every state and transition', () => {
    console.log(`deployMachine: ${paths.length} paths`);
    const cov = pathCoverage(deployMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', { timeout: 30_000 }, async (_d, path) => {
    copyText.mockReset();
    const pending = {
      detect: new Pending<DeploySigners>(),
      compile: new Pending<Compiled>(),
      connect: new Pending<string>(),
      send: new Pending<string>(),
      waitDeployed: new Pending<MinedCreation>(),
      verify: new Pending<void>(),
      copyAddress: new Pending<void>(),
    };
    const inputs: { compile: unknown[]; connect: unknown[]; send: unknown[]; verify: unknown[] } = {
      compile: [],
      connect: [],
      send: [],
      verify: [],
    };
    copyText.mockImplementation(() => pending.copyAddress.next());
    renderScreen(
      <DeployContractPage
        actors={{
          detect: () => pending.detect.next(),
          compile: (i) => (inputs.compile.push(i), pending.compile.next()),
          connect: (i) => (inputs.connect.push(i), pending.connect.next()),
          send: (i) => (inputs.send.push(i), pending.send.next()),
          waitDeployed: () => pending.waitDeployed.next(),
          verify: (i) => (inputs.verify.push(i), pending.verify.next()),
        }}
      />,
      '/Deploycontract',
    );
    const settle =
      (id: keyof typeof pending, how: 'resolve' | 'reject') =>
      async ({ event }: { event: unknown }) => {
        const e = event as { output?: unknown; error?: unknown };
        await act(async () => {
          if (how === 'resolve') pending[id].current.resolve(e.output as never);
          else pending[id].current.reject(e.error);
          await new Promise((r) => setTimeout(r, 0));
        });
      };
    const retype = (box: HTMLElement, value: string) => {
      if ((box as HTMLInputElement).value === value) fireEvent.change(box, { target: { value: `${value} ` } });
      fireEvent.change(box, { target: { value } });
    };
    const label = { contractName: DEPLOY_TEXTS.contractName, privateKey: DEPLOY_TEXTS.privateKey, contractType: DEPLOY_TEXTS.contractType };
    const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const signerLabel = { web: DEPLOY_TEXTS.signerWeb, injected: DEPLOY_TEXTS.signerInjected, key: DEPLOY_TEXTS.signerKey };
    const handlers: Record<string, (a: { event: unknown }) => unknown> = {
      'field.change': ({ event }) => {
        const e = event as { field: keyof typeof label; value: string };
        retype(screen.getByLabelText(label[e.field]), e.value);
      },
      'file.select': async () => {
        await act(async () => {
          fireEvent.change(screen.getByLabelText(DEPLOY_TEXTS.file), { target: { files: [FILE] } });
        });
        await screen.findByRole('heading', { name: `${DEPLOY_TEXTS.preview}: GoldToken.sol` });
      },
      'signer.choose': ({ event }) => {
        const radio = screen.getByRole('radio', { name: new RegExp(`^${escape(signerLabel[(event as { signer: 'web' }).signer])}`) });
        // A chosen radio fires no change: choose another first.
        if ((radio as HTMLInputElement).checked) fireEvent.click(screen.getAllByRole('radio').find((r) => r !== radio)!);
        fireEvent.click(radio);
      },
      'password.change': ({ event }) => retype(screen.getByLabelText(DEPLOY_TEXTS.password), (event as { value: string }).value),
      'unlock.submit': () => fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.unlock })),
      'deploy.cancel': () => fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.cancel })),
      'deploy.submit': () => fireEvent.click(button()),
      'address.copy': () => fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress })),
      'deploy.again': () => fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.again })),
    };
    for (const id of Object.keys(pending) as Array<keyof typeof pending>) {
      handlers[`xstate.done.actor.${id}`] = settle(id, 'resolve');
      handlers[`xstate.error.actor.${id}`] = settle(id, 'reject');
    }
    await path.test({
      events: handlers as never,
      states: {
        detecting: () => expect(screen.queryByRole('radio')).toBeNull(),
        idle: async (s: unknown) => {
          const c = ctx(s);
          await waitFor(() => expect(button()).toHaveTextContent(DEPLOY_TEXTS.deploy));
          expect(button()).toBeEnabled();
          expect(screen.getByLabelText(DEPLOY_TEXTS.contractName)).toHaveValue(c.contractName);
          // The spec's Private Key field, for the pasted-key signer (signing in this browser).
          if (c.signer === 'key') expect(screen.getByLabelText(DEPLOY_TEXTS.privateKey)).toHaveAttribute('type', 'password');
          else expect(screen.queryByLabelText(DEPLOY_TEXTS.privateKey)).toBeNull();
          if (c.signers.web || c.signers.injected)
            expect(screen.getByRole('radio', { name: new RegExp(`^${escape(signerLabel[c.signer])}`) })).toBeChecked();
          if (c.error) expect(alerts()).toContain(MESSAGES.deployFillAll);
          else expect(alerts()).toEqual([]);
          if (c.file) await waitFor(() => expect(document.querySelector('pre.code-view')?.textContent).toBe(SOURCE));
          else expect(document.querySelector('pre.code-view')).toBeNull();
        },
        deploying: () => {
          expect(button()).toHaveTextContent(MESSAGES.deploying);
          expect(button()).toBeDisabled();
        },
        'deploying.compiling': async () => {
          expect(step()).toHaveTextContent(DEPLOY_TEXTS.compiling);
          // The compile step carries no key, whatever the signer.
          expect(inputs.compile.at(-1)).toEqual({ file: FILE, contractName: 'GoldToken', contractType: 'RBC20' });
        },
        'deploying.unlocking': (s: unknown) => {
          const c = ctx(s);
          expect(screen.getByLabelText(DEPLOY_TEXTS.password)).toHaveValue(c.password);
          if (c.error) expect(alerts()).toContain(c.error);
        },
        'deploying.connecting': (s: unknown) => {
          const c = ctx(s);
          expect(step()).toHaveTextContent(DEPLOY_TEXTS.connecting);
          expect(inputs.connect.at(-1)).toMatchObject({ signer: c.signer, privateKey: c.signer === 'key' ? KEY : '' });
        },
        'deploying.sending': (s: unknown) => {
          expect(step()).toHaveTextContent(DEPLOY_TEXTS.sending);
          expect(inputs.send.at(-1)).toMatchObject({ signer: ctx(s).signer, from: FROM, data: COMPILED.data });
        },
        'deploying.pending': () => {
          expect(step()).toHaveTextContent(DEPLOY_TEXTS.pending);
          expect(screen.getByRole('link', { name: TX })).toHaveAttribute('href', `/transaction/${TX}`);
        },
        'deploying.verifying': () => {
          expect(step()).toHaveTextContent(DEPLOY_TEXTS.verifying);
          expect(inputs.verify.at(-1)).toEqual({ address: ADDRESS, transactionHash: TX, compiled: COMPILED });
        },
        'deployed.ready': async (s: unknown) => {
          const c = ctx(s);
          expect(await screen.findByText(MESSAGES.deploySuccess)).toBeInTheDocument();
          expect(screen.getByTestId('deployed-address')).toHaveTextContent(ADDRESS);
          await waitFor(() => expect(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress })).toBeEnabled());
          if (c.verified) expect(screen.getByTestId('deploy-verified')).toHaveTextContent(DEPLOY_TEXTS.verified);
          else expect(screen.getByText(DEPLOY_TEXTS.notVerified.replace('{reason}', 'Bytecode mismatch'))).toBeInTheDocument();
          if (c.copyError) expect(alerts()).toContain(fillMessage(MESSAGES.deployCopyFailed, { reason: 'Permission denied' }));
          expect(screen.getByRole('link', { name: DEPLOY_TEXTS.viewToken })).toHaveAttribute('href', `/TokenDetail/${ADDRESS}`);
        },
        'deployed.copying': () => {
          expect(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress })).toBeDisabled();
          expect(copyText).toHaveBeenLastCalledWith(ADDRESS);
        },
        failed: async (s: unknown) => {
          const c = ctx(s);
          await waitFor(() => expect(button()).toBeEnabled());
          expect(alerts()).toContain(c.error);
        },
      } as never,
    });
    // The internal 'No contract address returned from server.' never reaches the user.
    expect(document.body.textContent).not.toContain(MESSAGES.deployNoAddress);
  });
});
