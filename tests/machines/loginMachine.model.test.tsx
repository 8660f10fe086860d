/**
 * loginMachine, model-based: every shortest path of the machine, each run against the rendered
 * Login screen (typing, clicking, the modal), with the network actor swapped for promises the
 * path settles; then path coverage of states and transitions must be 100 %.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../common/spec';
import { LoginPage } from '../../src/features/wallet/LoginPage';
import type { LoginOutcome } from '../../src/features/wallet/walletFlows';
import { loginMachine } from '../../src/machines/loginMachine';
import { loginPaths } from './models/login';
import { pathCoverage, reportCoverage } from './coverage';
import { Pending, pendingDerive, renderScreen } from './modelHarness';

const paths = loginPaths();

describe('loginMachine paths on the Login screen', () => {
  afterAll(() => reportCoverage(pathCoverage(loginMachine, paths)));

  it('covers every state and transition', () => {
    const cov = pathCoverage(loginMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    localStorage.clear();
    const calls = new Pending<LoginOutcome>();
    const derives = pendingDerive();
    const machine = loginMachine.provide({ actors: { login: fromPromise(() => calls.next()), derive: derives.actor } });
    const { history } = renderScreen(<LoginPage machine={machine} />, '/Account');
    await path.test({
      events: {
        'field.change': ({ event }: { event: unknown }) => {
          const e = event as unknown as { field: string; value: string };
          fireEvent.change(screen.getByLabelText(e.field === 'email' ? 'Email' : 'Password'), { target: { value: e.value } });
        },
        'login.submit': () => {
          fireEvent.click(screen.getByRole('button', { name: /Login|Logging in/ }));
        },
        'modal.close': () => {
          fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' }));
        },
        'kdf.progress': async ({ event }: { event: unknown }) => {
          await act(async () => derives.input?.onProgress((event as unknown as { value: number }).value));
        },
        'xstate.done.actor.derive': async () => {
          await act(async () => derives.calls.current.resolve());
        },
        'xstate.error.actor.derive': async ({ event }: { event: unknown }) => {
          await act(async () => derives.calls.current.reject((event as unknown as { error: unknown }).error));
        },
        'xstate.done.actor.login': async ({ event }: { event: unknown }) => {
          await act(async () => calls.current.resolve((event as unknown as { output: LoginOutcome }).output));
        },
        'xstate.error.actor.login': async ({ event }: { event: unknown }) => {
          await act(async () => calls.current.reject((event as unknown as { error: unknown }).error));
        },
      } as never,
      states: {
        editing: () => {
          expect(screen.queryByRole('dialog')).toBeNull();
          expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
        },
        required: () => {
          expect(within(screen.getByRole('dialog')).getByText(MESSAGES.loginRequired)).toBeInTheDocument();
        },
        deriving: async ({ context }: { context: { progress: number } }) => {
          const bar = await screen.findByRole('progressbar', { name: /Securing your password in this browser/ });
          expect(bar).toHaveAttribute('value', String(Math.round(context.progress * 100)));
          expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
        },
        submitting: async () => {
          expect(await screen.findByRole('button', { name: 'Logging in...' })).toBeDisabled();
        },
        failed: () => {
          expect(
            within(screen.getByRole('dialog')).getByText(/^(Invalid email or password|the key derivation could not start)$/),
          ).toBeInTheDocument();
        },
        loggedIn: async () => {
          await waitFor(() => expect(history.at(-1)).toBe('/Dashboard'));
          expect(screen.getByText(MESSAGES.loginSuccess)).toBeInTheDocument();
        },
        walletNotLinked: async () => {
          await waitFor(() => expect(history.at(-1)).toBe('/Wallet/ann@example.com'));
          expect(screen.getByText('wallet not linked: No wallet is linked to this account yet')).toBeInTheDocument();
        },
      },
    });
  });
});
