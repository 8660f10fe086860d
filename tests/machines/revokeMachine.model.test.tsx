/**
 * revokeMachine, model-based: every shortest path to every transition, replayed on the owner's
 * Approvals table (two rows) with its revoke steps. The actors (detect, estimate, send,
 * waitIndexed) are promises each path settles; 100 % state and transition coverage.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { ApprovalsTable } from '../../src/sections/approvals/ApprovalsTable';
import { APPROVALS_TEXTS as T } from '../../src/sections/approvals/texts';
import { revokeMachine } from '../../src/machines/revokeMachine';
import type { EstimateRevokeOutput, RevokeContext, RevokeTarget } from '../../src/machines/revokeTypes';
import type { Signers } from '../../src/machines/writeContractTypes';
import { pathCoverage, reportCoverage } from './coverage';
import { Pending, renderScreen } from './modelHarness';
import { A, B, HASH, OWNER, ROWS, revokePaths } from './models/revoke';

const paths = revokePaths();
const NAMES: Record<string, [string, string]> = {
  [A.key]: ['Ruby Gold (RGLD)', A.spender],
  [B.key]: ['Ruby Gems (GEM)', B.spender],
};
const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-4)}`;

describe('revokeMachine paths on the Approvals table', () => {
  afterAll(() => reportCoverage(pathCoverage(revokeMachine, paths)));

  it('covers every state and transition', () => {
    const cov = pathCoverage(revokeMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', { timeout: 30_000 }, async (_d, path) => {
    const detect = new Pending<Signers>();
    const estimate = new Pending<EstimateRevokeOutput>();
    const send = new Pending<string[]>();
    const waitIndexed = new Pending<void>();
    const pending = { detect, estimate, send, waitIndexed } as const;
    const machine = revokeMachine.provide({
      actors: {
        detect: fromPromise(() => detect.next()),
        estimate: fromPromise(() => estimate.next()),
        send: fromPromise(() => send.next()),
        waitIndexed: fromPromise(() => waitIndexed.next()),
      },
    });
    const { container } = renderScreen(<ApprovalsTable owner={OWNER} rows={ROWS} machine={machine} />, '/address/x');
    const settle =
      (id: keyof typeof pending, how: 'resolve' | 'reject') =>
      async ({ event }: { event: unknown }) => {
        const e = event as { output?: unknown; error?: unknown };
        await act(async () => {
          if (how === 'resolve') pending[id].current.resolve(e.output as never);
          else pending[id].current.reject(e.error);
        });
      };
    const label = (t: RevokeTarget, f: (token: string, spender: string) => string) => {
      const [token, spender] = NAMES[t.key] ?? ['', ''];
      return f(token, short(spender));
    };
    const handlers: Record<string, (a: { event: unknown }) => unknown> = {
      'select.toggle': ({ event }) =>
        fireEvent.click(screen.getByRole('checkbox', { name: label((event as { target: RevokeTarget }).target, T.selectRow) })),
      'revoke.one': ({ event }) =>
        fireEvent.click(screen.getByRole('button', { name: label((event as { target: RevokeTarget }).target, T.revokeRow) })),
      'revoke.selected': () => fireEvent.click(screen.getByRole('button', { name: new RegExp(`^(Revoke selected|${T.retry})`) })),
      'password.change': ({ event }) =>
        fireEvent.change(screen.getByLabelText(T.password), { target: { value: (event as { value: string }).value } }),
      'unlock.submit': () => fireEvent.click(screen.getByRole('button', { name: T.unlock })),
      'revoke.confirm': () => fireEvent.click(screen.getByRole('button', { name: T.confirm })),
      'revoke.cancel': () =>
        fireEvent.click(screen.getByRole('button', { name: new RegExp(`^(${T.cancel}|${T.dismiss}|${T.clearSelection})$`) })),
      'xstate.done.actor.detect': settle('detect', 'resolve'),
      'xstate.error.actor.detect': settle('detect', 'reject'),
      'xstate.done.actor.estimate': settle('estimate', 'resolve'),
      'xstate.error.actor.estimate': settle('estimate', 'reject'),
      'xstate.done.actor.send': settle('send', 'resolve'),
      'xstate.error.actor.send': settle('send', 'reject'),
      'xstate.done.actor.waitIndexed': settle('waitIndexed', 'resolve'),
      'xstate.error.actor.waitIndexed': settle('waitIndexed', 'reject'),
    };
    const panel = () => within(container.querySelector('.revoke-panel') as HTMLElement);
    const ctx = (s: unknown) => (s as { context: RevokeContext }).context;
    const revokeButtons = () => screen.queryAllByRole('button', { name: /^Revoke .* → / });
    await path.test({
      events: handlers as never,
      states: {
        detecting: () => expect(revokeButtons()).toEqual([]),
        idle: (s: unknown) => {
          if (ctx(s).signers.web === null) {
            // A visitor (no wallet of this address): no Revoke, a note saying who can.
            expect(revokeButtons()).toEqual([]);
            expect(screen.getByText(T.ownerOnly)).toBeInTheDocument();
            return;
          }
          expect(revokeButtons().length).toBeGreaterThan(0);
          revokeButtons().forEach((b) => expect(b).toBeEnabled());
          expect(panel().queryByRole('alert')).toBeNull();
        },
        choosing: (s: unknown) => {
          expect(screen.getByRole('button', { name: T.revokeSelected(ctx(s).selected.length) })).toBeEnabled();
          ctx(s).selected.forEach((t) => expect(screen.getByRole('checkbox', { name: label(t, T.selectRow) })).toBeChecked());
        },
        unlocking: (s: unknown) => {
          expect(screen.getByLabelText(T.password)).toHaveValue(ctx(s).password);
          if (ctx(s).message) expect(panel().getByRole('alert')).toHaveTextContent(ctx(s).message ?? '');
        },
        estimating: () => expect(panel().getByRole('status')).toHaveTextContent(T.estimating),
        confirming: () => {
          const group = screen.getByRole('group', { name: T.confirmTitle });
          expect(group).toHaveTextContent('0.000092 RUBY');
          expect(within(group).getByRole('button', { name: T.confirm })).toHaveFocus();
        },
        signing: () => expect(panel().getByRole('status')).toHaveTextContent(T.signing),
        pending: () => {
          expect(panel().getByRole('status')).toHaveTextContent(T.pending);
          expect(panel().getByRole('status')).toHaveTextContent(HASH.slice(0, 6));
        },
        done: (s: unknown) => {
          expect(panel().getByRole('status')).toHaveTextContent(T.done);
          expect(screen.getAllByText(T.revoked)).toHaveLength(ctx(s).revoked.length);
        },
        failed: (s: unknown) => expect(panel().getByRole('alert')).toHaveTextContent(`${T.failed}: ${ctx(s).message}`),
      } as never,
    });
  });
});
