/**
 * walletImportMachine, model-based: every shortest path on the rendered Import Wallet flow (the
 * private key modal: a valid or invalid key, Copy → 'Copied!' once the clipboard write resolved,
 * a refused write's message, the red notice until copied, 'Go to my wallet' only after copying a
 * valid key with the account password), linking and the stubbed navigator.clipboard.writeText
 * swapped for promises the path settles; 100 % state and transition coverage.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { MESSAGES } from '../../common/spec';
import { ImportWallet } from '../../src/features/wallet/ImportWallet';
import { WALLET_TEXTS } from '../../src/features/wallet/texts';
import { walletImportMachine } from '../../src/machines/walletImportMachine';
import { IMPORT_INPUT, IMPORT_KEY, walletImportPaths } from './models/walletImport';
import { pathCoverage, reportCoverage } from './coverage';
import { Pending, renderScreen, clipboardWriteEvents } from './modelHarness';

const KEY = IMPORT_KEY;
const INPUT = IMPORT_INPUT;
const paths = walletImportPaths();
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

describe('walletImportMachine paths on the Import Wallet flow', () => {
  afterAll(() => reportCoverage(pathCoverage(walletImportMachine, paths)));

  it('covers every state and transition', () => {
    const cov = pathCoverage(walletImportMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  // A path runs the clipboard and linking in turn: under a loaded machine it outlasts the default 5 s.
  it.each(paths.map((p) => [p.description, p] as const))('%s', { timeout: 20_000 }, async (_d, path) => {
    const links = new Pending<{ msg: string; address: string }>();
    writes = new Pending<void>();
    const onLinked = vi.fn();
    const machine = walletImportMachine.provide({ actors: { linkWallet: fromPromise(() => links.next()) } });
    renderScreen(
      <ImportWallet email={INPUT.email} password={INPUT.password} onLinked={onLinked} machine={machine} />,
      '/Wallet/ann@example.com',
    );
    const dialog = () => screen.getByRole('dialog');
    const retype = (box: HTMLInputElement, value: string) => {
      if (box.value === value) fireEvent.change(box, { target: { value: `${value} ` } });
      fireEvent.change(box, { target: { value } });
    };
    await path.test({
      events: {
        'wallet.import': () => fireEvent.click(screen.getByRole('button', { name: /Import Wallet/ })),
        'key.change': ({ event }: { event: unknown }) =>
          retype(within(dialog()).getByLabelText(WALLET_TEXTS.privateKey), (event as unknown as { value: string }).value),
        'wallet.copyKey': () => fireEvent.click(within(dialog()).getByRole('button', { name: /^(Copy|Copied!)$/ })),
        'password.change': ({ event }: { event: unknown }) =>
          retype(
            within(dialog()).getByLabelText(WALLET_TEXTS.accountPassword, { exact: false }),
            (event as unknown as { value: string }).value,
          ),
        'wallet.confirm': () => fireEvent.click(within(dialog()).getByRole('button', { name: WALLET_TEXTS.goToWallet })),
        'modal.close': () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' })),
        'xstate.done.actor.linkWallet': async ({ event }: { event: unknown }) => {
          await act(async () => links.current.resolve((event as unknown as { output: { msg: string; address: string } }).output));
        },
        'xstate.error.actor.linkWallet': async ({ event }: { event: unknown }) => {
          await act(async () => links.current.reject((event as unknown as { error: unknown }).error));
        },
        ...clipboardWriteEvents(() => writes),
      } as never,
      states: {
        idle: () => expect(screen.queryByRole('dialog')).toBeNull(),
        keyEntry: (snap: { context: { copied: boolean; password: string; message: string | null } }) => {
          const d = within(dialog());
          const go = d.getByRole('button', { name: WALLET_TEXTS.goToWallet });
          // A message is an invalid key's or a refused copy's; either way the key is not copied.
          expect([null, 'Error: invalid private key', WALLET_TEXTS.copyFailed]).toContain(snap.context.message);
          expect(d.queryByRole('alert')?.textContent ?? null).toBe(snap.context.message);
          if (snap.context.message) expect(snap.context.copied).toBe(false);
          if (snap.context.copied) {
            expect(d.getByRole('button', { name: MESSAGES.keyCopied })).toBeInTheDocument();
            expect(copied.at(-1)).toBe(KEY);
          } else {
            expect(d.getByText(MESSAGES.copyKeyFirst)).toBeInTheDocument();
            expect(go).toBeDisabled();
          }
          if (snap.context.copied && snap.context.password !== '') expect(go).toBeEnabled();
          else expect(go).toBeDisabled();
        },
        'keyEntry.copying': () => {
          const d = within(dialog());
          expect(d.getByRole('button', { name: /^(Copy|Copied!)$/ })).toBeDisabled();
          expect(d.getByLabelText(WALLET_TEXTS.privateKey)).toHaveAttribute('readonly');
          expect(writes.count).toBeGreaterThan(0);
        },
        linking: () => expect(within(dialog()).getByRole('button', { name: WALLET_TEXTS.linking })).toBeDisabled(),
        linkFailed: () => expect(within(dialog()).getByRole('alert')).toHaveTextContent('Link wallet failed: Invalid email or password'),
        linked: () => expect(onLinked).toHaveBeenCalledWith('Wallet linked successfully'),
      } as never,
    });
  });
});
