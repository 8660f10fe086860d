/**
 * writeContractMachine, model-based: every shortest path to every transition, replayed on the
 * rendered write form of a payable function with an integer argument (its unit box) and both
 * signers offered (a locked web wallet and a browser wallet). The actors (detect, connect,
 * estimate, send, waitMined) are promises each path settles; 100 % state and transition coverage.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { LogItem } from '../../common/api/logs';
import { WriteFunctionForm } from '../../src/sections/contract/WriteFunctionForm';
import { WRITE_TEXTS } from '../../src/sections/contract/writeTexts';
import { writeContractMachine } from '../../src/machines/writeContractMachine';
import type { EstimateOutput, Signers, WriteContext } from '../../src/machines/writeContractTypes';
import { pathCoverage, reportCoverage } from './coverage';
import { ABI, CONTRACT, FN, HASH, REASON, writeContractPaths } from './models/writeContract';
import { Pending, renderScreen } from './modelHarness';

const paths = writeContractPaths();

describe('writeContractMachine paths on the write form', () => {
  afterAll(() => reportCoverage(pathCoverage(writeContractMachine, paths)));

  it('covers every state and transition', () => {
    const cov = pathCoverage(writeContractMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', { timeout: 30_000 }, async (_d, path) => {
    const detect = new Pending<Signers>();
    const connect = new Pending<string>();
    const estimate = new Pending<EstimateOutput>();
    const send = new Pending<string>();
    const mined = new Pending<{ status: number; logs: LogItem[] }>();
    const pending = { detect, connect, estimate, send, waitMined: mined } as const;
    const machine = writeContractMachine.provide({
      actors: {
        detect: fromPromise(() => detect.next()),
        connect: fromPromise(() => connect.next()),
        estimate: fromPromise(() => estimate.next()),
        send: fromPromise(() => send.next()),
        waitMined: fromPromise(() => mined.next()),
      },
    });
    const { container } = renderScreen(
      <WriteFunctionForm contract={CONTRACT} abi={ABI} fn={FN} index={0} machine={machine} />,
      '/contractDetail/x',
    );
    const writeButton = () => screen.getByRole('button', { name: WRITE_TEXTS.write1 });
    const settle =
      (id: keyof typeof pending, how: 'resolve' | 'reject') =>
      async ({ event }: { event: unknown }) => {
        const e = event as { output?: unknown; error?: unknown };
        await act(async () => {
          if (how === 'resolve') pending[id].current.resolve(e.output as never);
          else pending[id].current.reject(e.error);
        });
      };
    const retype = (box: HTMLElement, value: string) => {
      // Typing the value a field already holds fires no change in a browser: retype it.
      if ((box as HTMLInputElement).value === value) fireEvent.change(box, { target: { value: `${value} ` } });
      fireEvent.change(box, { target: { value } });
    };
    const handlers: Record<string, (a: { event: unknown }) => unknown> = {
      'arg.change': ({ event }) => retype(screen.getByLabelText(/^amount/), (event as { value: string }).value),
      'arg.unit': () => {
        const box = screen.getByRole('checkbox', { name: WRITE_TEXTS.unit }) as HTMLInputElement;
        // Ticking a ticked box unticks it: untick first, so the path's "on" is what is clicked into.
        if (box.checked) fireEvent.click(box);
        fireEvent.click(box);
      },
      'value.change': ({ event }) => retype(screen.getByLabelText(WRITE_TEXTS.valueLabel), (event as { value: string }).value),
      'signer.choose': ({ event }) => {
        const name = (event as { signer: string }).signer === 'web' ? WRITE_TEXTS.webWallet : WRITE_TEXTS.injected;
        const radio = screen.getByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
        // A chosen radio fires no change: choose the other first.
        if (radio.checked) fireEvent.click(screen.getAllByRole('radio').find((r) => r !== radio)!);
        fireEvent.click(radio);
      },
      'password.change': ({ event }) => retype(screen.getByLabelText(WRITE_TEXTS.password), (event as { value: string }).value),
      'write.submit': () => fireEvent.click(writeButton()),
      'unlock.submit': () => fireEvent.click(screen.getByRole('button', { name: WRITE_TEXTS.unlock })),
      'write.confirm': () => fireEvent.click(screen.getByRole('button', { name: WRITE_TEXTS.confirm })),
      // Cancel (unlock, confirm) or Dismiss (a result): the one on screen.
      'write.cancel': () =>
        fireEvent.click(screen.getByRole('button', { name: new RegExp(`^(${WRITE_TEXTS.cancel}|${WRITE_TEXTS.dismiss})$`) })),
      'xstate.done.actor.detect': settle('detect', 'resolve'),
      'xstate.error.actor.detect': settle('detect', 'reject'),
      'xstate.done.actor.connect': settle('connect', 'resolve'),
      'xstate.error.actor.connect': settle('connect', 'reject'),
      'xstate.done.actor.estimate': settle('estimate', 'resolve'),
      'xstate.error.actor.estimate': settle('estimate', 'reject'),
      'xstate.done.actor.send': settle('send', 'resolve'),
      'xstate.error.actor.send': settle('send', 'reject'),
      'xstate.done.actor.waitMined': settle('waitMined', 'resolve'),
      'xstate.error.actor.waitMined': settle('waitMined', 'reject'),
    };
    // The form's own messages (the toast region elsewhere on the page is a status too).
    const card = () => within(container.querySelector('.write-fn') as HTMLElement);
    const status = () => card().getByRole('status');
    await path.test({
      events: handlers as never,
      states: {
        detecting: () => expect(writeButton()).toBeDisabled(),
        editing: () => {
          expect(writeButton()).toBeEnabled();
          expect(card().queryByRole('alert')).toBeNull();
        },
        invalid: (s: unknown) => {
          const c = (s as unknown as { context: WriteContext }).context;
          expect(card().getByRole('alert')).toHaveTextContent(c.signer === null ? WRITE_TEXTS.noSigner : WRITE_TEXTS.formProblems);
        },
        unlocking: (s: unknown) => {
          const c = (s as unknown as { context: WriteContext }).context;
          expect(screen.getByLabelText(WRITE_TEXTS.password)).toHaveValue(c.password);
          expect(writeButton()).toBeDisabled();
          if (c.message) expect(card().getByRole('alert')).toHaveTextContent(c.message);
        },
        connecting: () => expect(status()).toHaveTextContent(WRITE_TEXTS.connecting),
        estimating: () => expect(status()).toHaveTextContent(WRITE_TEXTS.estimating),
        confirming: () => {
          const group = screen.getByRole('group', { name: WRITE_TEXTS.confirm });
          expect(group).toHaveTextContent('60,000 gas');
          expect(within(group).getByRole('button', { name: WRITE_TEXTS.confirm })).toHaveFocus();
        },
        sending: () => expect(status()).toHaveTextContent(WRITE_TEXTS.sending),
        pending: () => {
          expect(status()).toHaveTextContent(WRITE_TEXTS.pending);
          expect(screen.getByRole('link', { name: HASH })).toHaveAttribute('href', `/transaction/${HASH}`);
        },
        mined: () => {
          expect(screen.getByText(WRITE_TEXTS.mined)).toBeInTheDocument();
          expect(screen.getByText(WRITE_TEXTS.noEvents)).toBeInTheDocument();
          expect(screen.getByRole('link', { name: HASH })).toBeInTheDocument();
        },
        minedFailed: () => expect(card().getByRole('alert')).toHaveTextContent(WRITE_TEXTS.minedFailed),
        reverted: () => {
          expect(card().getByRole('alert')).toHaveTextContent(WRITE_TEXTS.reverted);
          expect(card().getByRole('alert')).toHaveTextContent(REASON);
        },
        failed: (s: unknown) => {
          const c = (s as unknown as { context: WriteContext }).context;
          expect(card().getByRole('alert')).toHaveTextContent(`${WRITE_TEXTS.failed}: ${c.message}`);
        },
      } as never,
    });
  });
});
