/**
 * signupMachine, model-based: every shortest path run on the rendered Sign up screen, the
 * network actor swapped for promises the path settles; 100 % state and transition coverage.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../common/spec';
import { SignupPage } from '../../src/features/wallet/SignupPage';
import { signupMachine } from '../../src/machines/signupMachine';
import { signupPaths } from './models/signup';
import { pathCoverage, reportCoverage } from './coverage';
import { Pending, pendingDerive, renderScreen } from './modelHarness';

const paths = signupPaths();

describe('signupMachine paths on the Sign up screen', () => {
  afterAll(() => reportCoverage(pathCoverage(signupMachine, paths)));

  it('covers every state and transition', () => {
    const cov = pathCoverage(signupMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_d, path) => {
    const calls = new Pending<{ token: string }>();
    const derives = pendingDerive();
    const machine = signupMachine.provide({ actors: { signup: fromPromise(() => calls.next()), derive: derives.actor } });
    const { history } = renderScreen(<SignupPage machine={machine} />, '/Signup');
    const dialogText = () => within(screen.getByRole('dialog')).getByRole('alert').textContent;
    await path.test({
      events: {
        'field.change': ({ event }: { event: unknown }) => {
          const e = event as unknown as { field: string; value: string };
          fireEvent.change(screen.getByLabelText(e.field === 'email' ? 'Email' : 'Password'), { target: { value: e.value } });
        },
        'signup.submit': () => fireEvent.click(screen.getByRole('button', { name: /Continue|Signing up/ })),
        'modal.close': () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'OK' })),
        'kdf.progress': async ({ event }: { event: unknown }) => {
          await act(async () => derives.input?.onProgress((event as unknown as { value: number }).value));
        },
        'xstate.done.actor.derive': async () => {
          await act(async () => derives.calls.current.resolve());
        },
        'xstate.error.actor.derive': async ({ event }: { event: unknown }) => {
          await act(async () => derives.calls.current.reject((event as unknown as { error: unknown }).error));
        },
        'xstate.done.actor.signup': async ({ event }: { event: unknown }) => {
          await act(async () => calls.current.resolve((event as unknown as { output: { token: string } }).output));
        },
        'xstate.error.actor.signup': async ({ event }: { event: unknown }) => {
          await act(async () => calls.current.reject((event as unknown as { error: unknown }).error));
        },
      } as never,
      states: {
        editing: () => expect(screen.queryByRole('dialog')).toBeNull(),
        required: () => expect(dialogText()).toBe(MESSAGES.signupRequired),
        deriving: async ({ context }: { context: { progress: number } }) => {
          const bar = await screen.findByRole('progressbar', { name: /Securing your password in this browser/ });
          expect(bar).toHaveAttribute('value', String(Math.round(context.progress * 100)));
          expect(screen.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
        },
        submitting: async () => {
          expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled();
        },
        failed: () =>
          expect(dialogText()).toMatch(
            /^(Registration failed: (an account with this email already exists|the password must be at least 8 characters)|Error: Failed to fetch)$/,
          ),
        registered: async () => {
          await waitFor(() => expect(history.at(-1)).toBe('/Wallet/ann@example.com'));
        },
      },
    });
  });
});
