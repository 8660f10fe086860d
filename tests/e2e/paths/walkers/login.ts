/**
 * The log-in machine's generated paths on /Account against the real server. Each actor outcome
 * is made real by the account the path logs in with, set up through the API just before the
 * submit that leads to it: no account yet → the server's 401 ('Invalid email or password'); an
 * account → logged in, "wallet not linked"; an account with a linked wallet → logged in.
 */
import type { AnyEventObject } from 'xstate';
import { MESSAGES } from '../../../../common/spec';
import { loginMachine } from '../../../../src/machines/loginMachine';
import { loginPaths } from '../../../machines/models/login';
import { linkNewWallet, register } from '../accounts';
import { eventually, openPathPage, submitBehindDialog } from '../page';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';

/** The 401 of a wrong log-in, and the blocked worker script, are answers the path asked for. */
export const expectedLoginProblem = (p: string) => /HTTP 401 POST .*\/api\/login$|status of 401|kdfWorker|ERR_FAILED/.test(p);

/** The key derivation's worker script (src/lib/kdfWorker.ts, built as assets/kdfWorker-<hash>.js). */
export const KDF_WORKER = '**/assets/kdfWorker-*.js';
/** What the page shows while deriving (WALLET_TEXTS.derivingKeys). */
export const DERIVING = 'Securing your password in this browser';

export const loginWalker: MachineWalker = {
  machine: loginMachine,
  paths: loginPaths,
  async walk({ browser, product, tag }, path) {
    const pp = await openPathPage(browser);
    const { page } = pp;
    const realEmail = (value: string) => `${tag}.${value}`;
    let email = '';
    let password = '';
    const state = { registered: false, linked: false };
    const dialog = page.getByRole('dialog');
    try {
      await page.goto(`${product.url}/Account`);
      await page.getByRole('button', { name: 'Login' }).waitFor();
      const rec = await walkPath(
        'login',
        path,
        {
          'field.change': async (e: AnyEventObject) => {
            const value = e.field === 'email' ? realEmail(String(e.value)) : String(e.value);
            if (e.field === 'email') email = value;
            else password = value;
            await page.getByLabel(e.field === 'email' ? 'Email' : 'Password').fill(value);
          },
          'login.submit': async (_e, i) => {
            // The outcome this submit leads to: the next actor event on the path.
            const next = path.steps.slice(i + 1).find((s) => s.event.type.includes('.actor.login'))?.event as
              { type: string; output?: { wallet: boolean } } | undefined;
            let how: string | undefined;
            if (next?.output && !state.registered) {
              await register(product, email, password);
              state.registered = true;
              how = 'account registered through the API first';
            }
            if (next?.output?.wallet && !state.linked) {
              await linkNewWallet(product, email, password);
              state.linked = true;
              how = 'account registered and a wallet linked through the API first';
            }
            // A derivation that fails: the worker's script cannot load (the request is aborted).
            const derive = path.steps.slice(i + 1).find((s) => s.event.type.includes('.actor.derive'))?.event.type;
            if (derive?.startsWith('xstate.error')) {
              await page.route(KDF_WORKER, (r) => r.abort());
              how = [how, 'the key derivation worker script blocked (page.route abort)'].filter(Boolean).join('; ');
            } else await page.unroute(KDF_WORKER);
            await pp.clearTrace();
            if (await dialog.isVisible())
              return [how, await submitBehindDialog(page, /^(Login|Logging in\.\.\.)$/)].filter(Boolean).join('; ');
            await page.getByRole('button', { name: /^(Login|Logging in\.\.\.)$/ }).click();
            return how;
          },
          'modal.close': async () => {
            await dialog.getByRole('button', { name: 'OK' }).click();
          },
          'kdf.progress': async () => {
            await eventually(() => pp.sawTogether(DERIVING), 'the derivation progress bar');
            return 'Argon2id reported progress from its worker';
          },
          'xstate.done.actor.derive': async () => 'the worker derived the keys',
          'xstate.error.actor.derive': async () => {
            await dialog.waitFor();
            await page.unroute(KDF_WORKER);
            return 'the worker could not start; unblocked after the message';
          },
          'xstate.done.actor.login': async () => 'the server accepted the log-in',
          'xstate.error.actor.login': async () => 'the server refused the log-in (401, no such account or wrong password)',
        },
        {
          editing: async () => {
            await dialog.waitFor({ state: 'detached' });
            if (await page.getByRole('button', { name: 'Login' }).isDisabled()) throw new Error('Login is disabled');
          },
          required: async () => {
            await dialog.getByText(MESSAGES.loginRequired).waitFor();
          },
          deriving: async () => {
            await eventually(() => pp.sawTogether(DERIVING, '[disabled:Logging in...]'), 'the derivation progress with a disabled button');
          },
          submitting: async () => {
            await eventually(() => pp.sawTogether('[disabled:Logging in...]'), "a disabled 'Logging in...' button");
          },
          failed: async () => {
            await dialog.getByText(/^(Invalid email or password|.*kdfWorker.*|the key derivation could not start)$/).waitFor();
          },
          loggedIn: async () => {
            await page.waitForURL('**/Dashboard');
            await page.getByText(MESSAGES.loginSuccess).waitFor();
          },
          walletNotLinked: async () => {
            await page.waitForURL(`**/Wallet/${email}`);
            await page.getByText(/^wallet not linked: /).waitFor();
          },
        },
      );
      const unexpected = pp.problems.filter((p) => !expectedLoginProblem(p));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      await pp.close();
    }
  },
};
