/**
 * The sign-up machine's generated paths on /Signup against the real server. A refusal is made
 * real by the email it asks for: already registered (through the API, just before) → the
 * server's 409; a network error → chromium offline (CDP) for that one submit. A refusal followed
 * by a retry that must succeed with the same fields is made real by the network drop (a 409
 * would answer again).
 */
import type { AnyEventObject } from 'xstate';
import { MESSAGES } from '../../../../common/spec';
import { signupMachine } from '../../../../src/machines/signupMachine';
import { signupPaths } from '../../../machines/models/signup';
import { register } from '../accounts';
import { DERIVING, KDF_WORKER } from './login';
import { eventually, openPathPage, submitBehindDialog } from '../page';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';

/** The answers the path asked for: a 409 for a taken email, requests failing while offline. */
export const expectedSignupProblem = (p: string) =>
  /HTTP 409 POST .*\/api\/registration$|status of 409|ERR_INTERNET_DISCONNECTED|Failed to fetch|kdfWorker|ERR_FAILED/.test(p);

export const signupWalker: MachineWalker = {
  machine: signupMachine,
  paths: signupPaths,
  async walk({ browser, product, tag }, path) {
    const pp = await openPathPage(browser);
    const { page } = pp;
    let email = '';
    let password = '';
    let offline = false;
    const dialog = page.getByRole('dialog');
    try {
      await page.goto(`${product.url}/Signup`);
      await page.getByRole('button', { name: 'Continue' }).waitFor();
      const rec = await walkPath(
        'signup',
        path,
        {
          'field.change': async (e: AnyEventObject) => {
            const value = e.field === 'email' ? `${tag}.${String(e.value)}` : String(e.value);
            if (e.field === 'email') email = value;
            else password = value;
            await page.getByLabel(e.field === 'email' ? 'Email' : 'Password').fill(value);
          },
          'signup.submit': async (_e, i) => {
            const rest = path.steps.slice(i + 1);
            const at = rest.findIndex((s) => s.event.type.includes('.actor.signup'));
            const next = rest[at]?.event as { type: string; error?: { status?: unknown } } | undefined;
            const retried = at >= 0 && rest.slice(at + 1).some((s) => s.event.type === 'signup.submit');
            let how: string | undefined;
            // A derivation refused: the browser's own rule (a short password), or, when a retry
            // with the same fields must then succeed, the worker's script blocked this once.
            const at2 = rest.findIndex((s) => s.event.type.includes('.actor.derive'));
            const deriveFails = rest[at2]?.event.type.startsWith('xstate.error') === true;
            const deriveRetried = deriveFails && rest.slice(at2 + 1).some((s) => s.event.type === 'signup.submit');
            const short = deriveFails && !deriveRetried;
            if (!(await dialog.isVisible())) await page.getByLabel('Password').fill(short ? 'short' : password);
            if (deriveRetried) await page.route(KDF_WORKER, (r) => r.abort());
            else await page.unroute(KDF_WORKER);
            if (short) how = 'a 5-character password typed (the browser refuses it before deriving)';
            if (deriveRetried) how = 'the key derivation worker script blocked (page.route abort)';
            if (deriveFails) {
              // Refused before anything reaches the server.
            } else if (next?.type.startsWith('xstate.error') && (next.error?.status === 'network' || retried)) {
              await pp.offline(true);
              offline = true;
              how = 'sent with chromium offline (CDP Network.emulateNetworkConditions)';
            } else if (next?.type.startsWith('xstate.error')) {
              await register(product, email, password);
              how = 'the email registered through the API first';
            }
            await pp.clearTrace();
            if (await dialog.isVisible())
              return [how, await submitBehindDialog(page, /^(Continue|Signing up\.\.\.)$/)].filter(Boolean).join('; ');
            await page.getByRole('button', { name: /^(Continue|Signing up\.\.\.)$/ }).click();
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
            return 'refused in the browser before any request';
          },
          'xstate.done.actor.signup': async () => 'the server registered the account',
          'xstate.error.actor.signup': async () => {
            await dialog.waitFor();
            if (!offline) return 'the server refused: the email is taken (409)';
            await pp.offline(false);
            offline = false;
            return 'the request failed offline; back online after the message';
          },
        },
        {
          editing: async () => {
            await dialog.waitFor({ state: 'detached' });
          },
          required: async () => {
            await dialog.getByRole('alert').getByText(MESSAGES.signupRequired).waitFor();
          },
          deriving: async () => {
            await eventually(() => pp.sawTogether(DERIVING), 'the derivation progress');
          },
          submitting: async () => {
            await eventually(() => pp.sawTogether('[disabled:Signing up...]'), "a disabled 'Signing up...' button");
          },
          failed: async () => {
            await dialog
              .getByRole('alert')
              .getByText(/^(Registration failed: .+|Error: .+)$/)
              .waitFor();
          },
          registered: async () => {
            await page.waitForURL(`**/Wallet/${email.toLowerCase()}`);
          },
        },
      );
      const unexpected = pp.problems.filter((p) => !expectedSignupProblem(p));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      await pp.close();
    }
  },
};
