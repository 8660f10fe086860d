/**
 * walletCreateMachine, model-based: every shortest path on the rendered Create Wallet flow
 * (terms modal, key modal with Copy → 'Copied!' once the clipboard write resolved, a refused
 * write's message, the red notice, 'Go to my wallet' enabled only after copying and with the
 * account password), key generation, linking and the stubbed navigator.clipboard.writeText
 * swapped for promises the path settles; 100 % state and transition coverage.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../common/spec';
import { CreateWallet } from '../../src/features/wallet/CreateWallet';
import { WALLET_TEXTS } from '../../src/features/wallet/texts';
import { walletCreateMachine } from '../../src/machines/walletCreateMachine';
import { CREATE_INPUT, CREATE_KEY, walletCreatePaths } from './models/walletCreate';
import { pathCoverage, reportCoverage } from './coverage';
import { Pending, renderScreen, clipboardWriteEvents } from './modelHarness';

const KEY = CREATE_KEY;
const INPUT = CREATE_INPUT;
const paths = walletCreatePaths();
const copied: string[] = [];
/** The clipboard writes in flight: a path's copyKey done / error event settles the newest. */
let writes = new Pending<void>();

beforeAll(() => {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (t: string) => writes.next().then(() => void copied.push(t)) },
  });
  // copyText's fallback after a refused write: refused too (a denied permission on plain http).
  Object.defineProperty(document, 'execCommand', { configurable: true, value: () => false });
});
afterAll(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  Reflect.deleteProperty(document, 'execCommand');
});

describe('walletCreateMachine paths on the Create Wallet flow', () => {
  afterAll(() => reportCoverage(pathCoverage(walletCreateMachine, paths)));

  it('covers every state and transition', () => {
    const cov = pathCoverage(walletCreateMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  // A path runs key generation and the clipboard in turn: under a loaded machine it outlasts the default 5 s.
  it.each(paths.map((p) => [p.description, p] as const))('%s', { timeout: 20_000 }, async (_d, path) => {
    const keys = new Pending<{ address: string; privateKey: string }>();
    const links = new Pending<{ msg: string; address: string }>();
    writes = new Pending<void>();
    const onLinked = vi.fn();
    const machine = walletCreateMachine.provide({
      actors: { generateKey: fromPromise(() => keys.next()), linkWallet: fromPromise(() => links.next()) },
    });
    renderScreen(
      <CreateWallet email={INPUT.email} password={INPUT.password} onLinked={onLinked} machine={machine} />,
      '/Wallet/ann@example.com',
    );
    const dialog = () => screen.getByRole('dialog');
    const settle =
      (p: Pending<never>, how: 'resolve' | 'reject') =>
      async ({ event }: { event: { output?: unknown; error?: unknown } }) => {
        await act(async () => (how === 'resolve' ? p.current.resolve(event.output as never) : p.current.reject(event.error)));
      };
    await path.test({
      events: {
        'wallet.create': () => fireEvent.click(screen.getByRole('button', { name: /Create Wallet/ })),
        'terms.accept': () => fireEvent.click(within(dialog()).getByRole('button', { name: WALLET_TEXTS.accept })),
        'terms.decline': () => fireEvent.click(within(dialog()).getByRole('button', { name: WALLET_TEXTS.decline })),
        'wallet.copyKey': () => fireEvent.click(within(dialog()).getByRole('button', { name: /^(Copy|Copied!)$/ })),
        'password.change': ({ event }: { event: unknown }) => {
          const box = within(dialog()).getByLabelText(WALLET_TEXTS.accountPassword, { exact: false }) as HTMLInputElement;
          const value = (event as unknown as { value: string }).value;
          if (box.value === value) fireEvent.change(box, { target: { value: `${value} ` } });
          fireEvent.change(box, { target: { value } });
        },
        'wallet.confirm': () => fireEvent.click(within(dialog()).getByRole('button', { name: WALLET_TEXTS.goToWallet })),
        'modal.close': () => fireEvent.click(within(dialog()).getByRole('button', { name: WALLET_TEXTS.ok })),
        'xstate.done.actor.generateKey': settle(keys as Pending<never>, 'resolve'),
        'xstate.error.actor.generateKey': settle(keys as Pending<never>, 'reject'),
        'xstate.done.actor.linkWallet': settle(links as Pending<never>, 'resolve'),
        'xstate.error.actor.linkWallet': settle(links as Pending<never>, 'reject'),
        ...clipboardWriteEvents(() => writes),
      } as never,
      states: {
        idle: () => expect(screen.queryByRole('dialog')).toBeNull(),
        terms: () => expect(screen.getByRole('dialog', { name: WALLET_TEXTS.termsTitle })).toBeInTheDocument(),
        generating: () => expect(within(dialog()).getByText(WALLET_TEXTS.generating)).toBeInTheDocument(),
        failed: () => expect(within(dialog()).getByRole('alert')).toHaveTextContent('Error creating wallet: no entropy'),
        result: (snap: { context: { copied: boolean; password: string; message: string | null } }) => {
          expect(within(dialog()).getByText(KEY)).toBeInTheDocument();
          const go = within(dialog()).getByRole('button', { name: WALLET_TEXTS.goToWallet });
          // The only message of this state is a refused copy's, and the key is then not copied.
          expect([null, WALLET_TEXTS.copyFailed]).toContain(snap.context.message);
          expect(within(dialog()).queryByRole('alert')?.textContent ?? null).toBe(snap.context.message);
          if (snap.context.message) expect(snap.context.copied).toBe(false);
          if (snap.context.copied) {
            expect(within(dialog()).getByRole('button', { name: MESSAGES.keyCopied })).toBeInTheDocument();
            expect(within(dialog()).queryByText(MESSAGES.copyKeyFirst)).toBeNull();
            expect(copied.at(-1)).toBe(KEY);
          } else {
            expect(within(dialog()).getByText(MESSAGES.copyKeyFirst)).toBeInTheDocument();
            expect(go).toBeDisabled();
          }
          if (!snap.context.copied || snap.context.password === '') expect(go).toBeDisabled();
          else expect(go).toBeEnabled();
        },
        'result.copying': () => {
          expect(within(dialog()).getByRole('button', { name: /^(Copy|Copied!)$/ })).toBeDisabled();
          expect(writes.count).toBeGreaterThan(0);
        },
        linking: () => expect(within(dialog()).getByRole('button', { name: WALLET_TEXTS.linking })).toBeDisabled(),
        linkFailed: () =>
          expect(within(dialog()).getByRole('alert').textContent).toMatch(
            /^(Link wallet failed: Invalid signature: the challenge was not signed by this wallet|Error: Failed to fetch)$/,
          ),
        linked: () => expect(onLinked).toHaveBeenCalledWith('Wallet linked successfully'),
      } as never,
    });
  });
});
