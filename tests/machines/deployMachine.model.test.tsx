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
import { deployMachine, type Compiled, type DeployContext, type DeploySigners, type MinedCreation } from '../../src/machines/deployMachine';
import { pathCoverage, reportCoverage } from './coverage';
import { ADDRESS, COMPILED, FILE, FROM, KEY, SOURCE, TX, deployPaths } from './models/deploy';
import { Pending, renderScreen } from './modelHarness';

const copyText = vi.hoisted(() => vi.fn<(text: string) => Promise<void>>());
vi.mock('../../src/lib/clipboard', () => ({ copyText }));

const paths = deployPaths();

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
