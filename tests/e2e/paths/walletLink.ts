/**
 * What the create-wallet and import-wallet walks share (not a test file): a fresh account whose
 * session token the tab holds (the SPA then does not hold its password, so the key modal asks for
 * it), the clipboard granted to the product's origin (or refused, CDP Browser.setPermission, for a
 * copy the path wants refused), the account password typed right or wrong
 * as the path's next link outcome needs, the network drop for a link failure the path asks for
 * as a network error, and the key modal's checks as a user sees them.
 */
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import type { Browser } from 'playwright-core';
import { MESSAGES } from '../../../common/spec';
import { WALLET_TEXTS } from '../../../src/features/wallet/texts';
import { WALLET_FORM_TEXTS } from '../../../src/lib/walletTexts';
import type { PathLike } from '../../machines/coverage';
import type { RunningProduct } from '../../helpers/product';
import { loginToken, register } from './accounts';
import { clipboardWritePermission, eventually, openPathPage, type PathPage } from './page';
import type { EventAction, StateCheck } from './walk';

export const ACCOUNT_PASSWORD = 'secret-pass';
const WRONG_PASSWORD = 'not-the-password';

/** A wrong password's 401, requests failing while offline: the answers the path asked for. */
export const expectedLinkProblem = (p: string) =>
  /HTTP 401 POST .*\/api\/login$|status of 401|ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(p);

const isLinkOutcome = (e: AnyEventObject) => e.type.endsWith('.actor.linkWallet');

/** The next link outcome after step `i`, unless a password change comes first. */
function nextLinkOutcome(path: PathLike, i: number): AnyEventObject | undefined {
  for (const s of path.steps.slice(i + 1)) {
    if (isLinkOutcome(s.event)) return s.event;
    if (s.event.type === 'password.change') return undefined;
  }
  return undefined;
}

const networkError = (e: AnyEventObject | undefined) => (e?.error as { status?: unknown } | undefined)?.status === 'network';

export interface WalletWalk {
  pp: PathPage;
  email: string;
  /**
   * The link steps' browser actions: password.change, wallet.confirm, the link outcomes; and the
   * copy: wallet.copyKey (the clipboard-write permission set for the outcome the path asks next),
   * its done and error.
   */
  actions: (path: PathLike) => Record<string, EventAction>;
  /** The checks of linking, linkFailed and linked. */
  checks: Record<string, StateCheck>;
  /** The key modal (result / keyEntry): Copy or 'Copied!', the red notices, the clipboard, 'Go to my wallet'. */
  checkKeyModal: (state: AnyMachineSnapshot, key: () => Promise<string>, keyUsable: boolean) => Promise<void>;
}

/** Registers the account, opens /Wallet/<email> with its token and returns the shared parts. */
export async function openWalletWalk(browser: Browser, product: RunningProduct, tag: string): Promise<WalletWalk> {
  const email = `${tag}.ann@example.com`;
  await register(product, email, ACCOUNT_PASSWORD);
  const token = await loginToken(product, email, ACCOUNT_PASSWORD);
  const pp = await openPathPage(browser);
  const { page, context } = pp;
  const clipboard = await clipboardWritePermission(browser, pp, product.url);
  await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
  await page.goto(`${product.url}/Wallet/${email}`);
  await page.getByRole('button', { name: /Import Wallet/ }).waitFor();
  const dialog = page.getByRole('dialog');
  const go = dialog.getByRole('button', { name: WALLET_TEXTS.goToWallet });
  let typed = '';
  let offline = false;

  const actions = (path: PathLike): Record<string, EventAction> => ({
    'password.change': async (_e, i) => {
      // Wrong when the next link on the path is to be refused (and not as a network error).
      const next = nextLinkOutcome(path, i);
      const value = next?.type.startsWith('xstate.error') && !networkError(next) ? WRONG_PASSWORD : ACCOUNT_PASSWORD;
      const box = dialog.getByLabel(WALLET_TEXTS.accountPassword, { exact: false });
      if ((await box.inputValue()) === value) await box.fill(`${value}!`);
      await box.fill(value);
      typed = value;
      return value === WRONG_PASSWORD ? 'typed a wrong account password (the next link is to be refused)' : undefined;
    },
    'wallet.confirm': async (_e, i) => {
      const next = path.steps[i + 1]?.event;
      let how: string | undefined;
      if (next && isLinkOutcome(next) && next.type.startsWith('xstate.error') && (networkError(next) || typed !== WRONG_PASSWORD)) {
        await pp.offline(true);
        offline = true;
        how = 'sent with chromium offline (CDP Network.emulateNetworkConditions)';
      }
      await pp.clearTrace();
      await dialog.getByRole('button', { name: WALLET_TEXTS.goToWallet }).click();
      return how;
    },
    'wallet.copyKey': async (_e, i) => {
      const refuse = path.steps[i + 1]?.event.type === 'xstate.error.actor.copyKey';
      await clipboard.set(!refuse);
      await pp.clearTrace();
      await dialog.getByRole('button', { name: /^(Copy|Copied!)$/ }).click();
      return refuse ? "clipboard-write denied to the origin first (CDP Browser.setPermission, as a user's site setting)" : undefined;
    },
    'xstate.done.actor.copyKey': async () => 'chromium wrote the clipboard (permission granted to the origin)',
    'xstate.error.actor.copyKey': async () => {
      await dialog.getByRole('alert').getByText(WALLET_FORM_TEXTS.copyFailed).waitFor();
      return 'chromium refused the write (NotAllowedError) and the app honoured it: no execCommand fallback';
    },
    'xstate.done.actor.linkWallet': async () => 'the server linked the wallet',
    'xstate.error.actor.linkWallet': async () => {
      await dialog.getByRole('alert').waitFor();
      if (!offline) return 'the server refused the account password (401)';
      await pp.offline(false);
      offline = false;
      return 'the requests failed offline; back online after the message';
    },
  });

  const checks: Record<string, StateCheck> = {
    linking: async () => {
      await eventually(() => pp.sawTogether(`[disabled:${WALLET_TEXTS.linking}]`), `a disabled '${WALLET_TEXTS.linking}' button`);
    },
    linkFailed: async () => {
      await dialog
        .getByRole('alert')
        .getByText(/^(Link wallet failed: Invalid email or password|Error: Failed to fetch)$/)
        .waitFor();
    },
    linked: async () => {
      await page.waitForURL('**/Dashboard');
      await page.getByText('Wallet linked successfully').first().waitFor();
    },
  };

  const checkKeyModal = async (state: AnyMachineSnapshot, key: () => Promise<string>, keyUsable: boolean) => {
    const c = state.context as { copied: boolean; password: string; message: string | null };
    await dialog.waitFor();
    if (c.copied) {
      await dialog.getByRole('button', { name: MESSAGES.keyCopied }).waitFor();
      await dialog.getByText(MESSAGES.copyKeyFirst).waitFor({ state: 'detached' });
      const held = (await page.evaluate('navigator.clipboard.readText()')) as string;
      const shown = (await key()).trim();
      if (held !== shown) throw new Error(`the clipboard holds '${held.slice(0, 12)}…', not the key`);
    } else {
      await dialog.getByRole('button', { name: WALLET_TEXTS.copy, exact: true }).waitFor();
      await dialog.getByText(MESSAGES.copyKeyFirst).waitFor();
    }
    const alert = dialog.getByRole('alert');
    if (c.message === null) await alert.waitFor({ state: 'detached' });
    else await alert.getByText(c.message, { exact: true }).waitFor();
    const enabled = c.copied && c.password !== '' && keyUsable;
    await eventually(async () => (await go.isEnabled()) === enabled, `'Go to my wallet' ${enabled ? 'enabled' : 'disabled'}`);
  };

  const close = async () => {
    await clipboard.detach();
    await pp.close();
  };
  return { pp: { ...pp, close }, email, actions, checks, checkKeyModal };
}

/** The copying sub-state: Copy (or 'Copied!') disabled while the clipboard write runs. */
export async function sawCopying(pp: PathPage): Promise<void> {
  await eventually(
    async () => (await pp.sawTogether(`[disabled:${WALLET_TEXTS.copy}]`)) || pp.sawTogether(`[disabled:${MESSAGES.keyCopied}]`),
    'a disabled Copy button',
  );
}
