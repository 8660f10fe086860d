/**
 * Model-based test of the deploy flow: createTestModel walks deployMachine and every generated
 * path is replayed against the rendered deploy screen (user events on the form; the upload and
 * the clipboard are the edges, answered when the path says so). Path coverage must be 100%.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { serializeSnapshot, TestModel } from 'xstate/graph';
import { fillMessage, MESSAGES } from '../../common/spec';
import { makeStore } from '../../src/app/store';
import { DeployContractPage } from '../../src/features/deploy/DeployContractPage';
import { DEPLOY_TEXTS } from '../../src/features/deploy/texts';
import { deployMachine, UploadError, type DeployContext, type DeployEvent, type UploadOutput } from '../../src/machines/deployMachine';
import { ToastProvider } from '../../src/ui/ToastProvider';
import { pathCoverage, reportCoverage } from './coverage';

const copyText = vi.hoisted(() => vi.fn<(text: string) => Promise<void>>());
vi.mock('../../src/lib/clipboard', () => ({ copyText }));

const ADDRESS = 'r5FbDB2315678afecb367f032d93F642f64180aa3';
const TX = `0x${'ab'.repeat(32)}`;
const KEY = `0x${'59'.repeat(32)}`;
const SOURCE = 'pragma solidity ^0.8.20;\ncontract GoldToken {}\n';
const FILE = new File([SOURCE], 'GoldToken.sol', { type: 'text/plain' });
const COMPILE_ERROR = "Compilation failed:\nParserError: Expected ';' but got 'function'";

/**
 * The events the model may send, per state: the fields are filled in one fixed order, the file
 * can be chosen at any time. Error events carry a `case` so their serialized forms differ.
 */
/** An event of the model: the machine's own, or an invoked actor's done/error event. */
type ModelEvent = EventObject & Record<string, unknown>;

function eventsFor(state: { value: unknown; context: DeployContext }): ModelEvent[] {
  const c = state.context;
  const v = JSON.stringify(state.value);
  if (v === '"idle"' || v === '"failed"') {
    const next: ModelEvent[] = [{ type: 'deploy.submit' }, { type: 'file.select', file: FILE, code: SOURCE }];
    if (c.contractName === '' || v === '"failed"') next.push({ type: 'field.change', field: 'contractName', value: 'GoldToken' });
    else if (c.privateKey === '') next.push({ type: 'field.change', field: 'privateKey', value: KEY });
    else if (c.contractType === '') next.push({ type: 'field.change', field: 'contractType', value: 'RBC20' });
    return next;
  }
  if (v === '"deploying"') {
    return [
      { type: 'xstate.done.actor.upload', output: { contractAddress: ADDRESS, transactionHash: TX } },
      { type: 'xstate.done.actor.upload', output: {} },
      { type: 'xstate.error.actor.upload', error: new UploadError(COMPILE_ERROR), case: 'server' },
      { type: 'xstate.error.actor.upload', error: new TypeError('Failed to fetch'), case: 'network' },
    ];
  }
  if (v === '{"deployed":"ready"}') return [{ type: 'address.copy' }, { type: 'deploy.again' }];
  if (v === '{"deployed":"copying"}') {
    return [
      { type: 'xstate.done.actor.copyAddress', output: undefined },
      { type: 'xstate.error.actor.copyAddress', error: new Error('Permission denied') },
    ];
  }
  return [];
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * What createTestModel builds, minus its refusal of machines with invoked actors: the invoked
 * actors' done/error events are part of the model here (the test answers them at the edges).
 * A state's key includes the transition that reached it, so shortest paths take every edge.
 */
const model = new TestModel(deployMachine, {
  serializeState: (state, event, prev) => {
    const same = prev !== undefined && JSON.stringify(prev.value) === JSON.stringify(state.value);
    return `${serializeSnapshot(state)}${!event || same ? '' : ` via ${JSON.stringify(event)} from ${JSON.stringify(prev?.value)}`}`;
  },
  serializeEvent: (event) => JSON.stringify(event),
  stateMatcher: (state, key) => state.matches(key as never),
  events: (state) => eventsFor(state as unknown as { value: unknown; context: DeployContext }) as DeployEvent[],
});
const paths = model.getShortestPaths();

function mount() {
  let upload: Deferred<UploadOutput> = deferred();
  let copy: Deferred<void> = deferred();
  const uploads: unknown[] = [];
  copyText.mockReset();
  copyText.mockImplementation(() => {
    copy = deferred();
    return copy.promise;
  });
  const location = memoryLocation({ path: '/Deploycontract' });
  render(
    <Provider store={makeStore()}>
      <ToastProvider>
        <Router hook={location.hook}>
          <DeployContractPage
            upload={(input) => {
              uploads.push(input);
              upload = deferred();
              return upload.promise;
            }}
          />
        </Router>
      </ToastProvider>
    </Provider>,
  );
  return { upload: () => upload, copy: () => copy, uploads };
}

const button = () => screen.getByRole('button', { name: /^(Deploy|Deploying\.\.\.)$/ });
const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

describe('deployMachine model', () => {
  it('generates paths through every state', () => {
    expect(paths.length).toBeGreaterThan(5);
  });

  for (const path of paths) {
    it(`path: ${path.description}`, async () => {
      const sut = mount();
      await path.test({
        states: {
          idle: async (s) => {
            const c = (s as unknown as { context: DeployContext }).context;
            await waitFor(() => expect(button()).toHaveTextContent(DEPLOY_TEXTS.deploy));
            expect(button()).toBeEnabled();
            expect(screen.getByLabelText(DEPLOY_TEXTS.contractName)).toHaveValue(c.contractName);
            expect(screen.getByLabelText(DEPLOY_TEXTS.privateKey)).toHaveAttribute('type', 'password');
            if (c.error) expect(alerts()).toContain(MESSAGES.deployFillAll);
            else expect(alerts()).toEqual([]);
            // The preview is highlighted (split into spans): compare its text.
            if (c.file) await waitFor(() => expect(document.querySelector('pre.code-view')?.textContent).toBe(SOURCE));
            else expect(document.querySelector('pre.code-view')).toBeNull();
          },
          deploying: async () => {
            await waitFor(() => expect(button()).toHaveTextContent(MESSAGES.deploying));
            expect(button()).toBeDisabled();
            expect(sut.uploads.at(-1)).toEqual({ contractName: 'GoldToken', privateKey: KEY, contractType: 'RBC20', file: FILE });
          },
          'deployed.ready': async (s) => {
            const c = (s as unknown as { context: DeployContext }).context;
            expect(await screen.findByText(MESSAGES.deploySuccess)).toBeInTheDocument();
            expect(screen.getByTestId('deployed-address')).toHaveTextContent(ADDRESS);
            await waitFor(() => expect(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress })).toBeEnabled());
            if (c.copyError) expect(alerts()).toContain(fillMessage(MESSAGES.deployCopyFailed, { reason: 'Permission denied' }));
            expect(screen.getByRole('link', { name: DEPLOY_TEXTS.viewToken })).toHaveAttribute('href', `/TokenDetail/${ADDRESS}`);
          },
          'deployed.copying': async () => {
            await waitFor(() => expect(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress })).toBeDisabled());
            expect(copyText).toHaveBeenLastCalledWith(ADDRESS);
          },
          failed: async (s) => {
            const c = (s as unknown as { context: DeployContext }).context;
            await waitFor(() => expect(button()).toBeEnabled());
            expect(alerts()).toContain(c.error);
            expect(c.error).toMatch(/^Error uploading file: /);
          },
        },
        events: {
          'field.change': async ({ event }) => {
            const e = event as Extract<DeployEvent, { type: 'field.change' }>;
            const label = {
              contractName: DEPLOY_TEXTS.contractName,
              privateKey: DEPLOY_TEXTS.privateKey,
              contractType: DEPLOY_TEXTS.contractType,
            }[e.field];
            const input = screen.getByLabelText(label);
            // React reports no change for the same value: retype it (the machine ends with the same context).
            if ((input as HTMLInputElement).value === e.value) fireEvent.change(input, { target: { value: `${e.value} ` } });
            fireEvent.change(input, { target: { value: e.value } });
          },
          'file.select': async () => {
            const input = screen.getByLabelText(DEPLOY_TEXTS.file);
            expect(input).toHaveAttribute('accept', '.sol');
            await act(async () => {
              fireEvent.change(input, { target: { files: [FILE] } });
            });
            await screen.findByRole('heading', { name: `${DEPLOY_TEXTS.preview}: GoldToken.sol` });
          },
          'deploy.submit': async () => {
            fireEvent.click(button());
          },
          'address.copy': async () => {
            fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.copyAddress }));
          },
          'deploy.again': async () => {
            fireEvent.click(screen.getByRole('button', { name: DEPLOY_TEXTS.again }));
          },
          ...({
            'xstate.done.actor.upload': async ({ event }: { event: { output: UploadOutput } }) => {
              await act(async () => sut.upload().resolve(event.output));
            },
            'xstate.error.actor.upload': async ({ event }: { event: { error: unknown } }) => {
              await act(async () => sut.upload().reject(event.error));
            },
            'xstate.done.actor.copyAddress': async () => {
              await act(async () => sut.copy().resolve());
            },
            'xstate.error.actor.copyAddress': async ({ event }: { event: { error: unknown } }) => {
              await act(async () => sut.copy().reject(event.error));
            },
          } as unknown as Record<string, (step: { event: EventObject }) => Promise<void>>),
        },
      });
      // The internal 'No contract address returned from server.' never reaches the user.
      expect(document.body.textContent).not.toContain(MESSAGES.deployNoAddress);
    });
  }

  afterAll(() => {
    reportCoverage(pathCoverage(deployMachine, paths));
  });
});
