/**
 * The session machine's generated paths in a real tab: its tokens arrive as a second tab of the
 * same browser writes localStorage (the storage event the app listens to), log-out and the
 * alert's Dismiss are clicks, the alert's time-out and a token's expiry are waited for. The
 * valid token is a real one from POST /login (an account with a linked wallet, so the
 * dashboard opens); the expired and undecodable ones are the model's own.
 *
 * A state is read where a user sees it: the header's Logout link (a token is held), the
 * 'Successfully logged out!' alert, and where the screens send the tab (the log-in screen sends a
 * valid session to /Dashboard; the dashboard sends an expired or undecodable one to /Account).
 * Expired and undecodable look alike to a user: the token stored tells them apart.
 */
import type { AnyEventObject } from 'xstate';
import { MESSAGES, TIMING } from '../../../../common/spec';
import { resolveJwtSecret } from '../../../../server/auth/secret';
import { signToken } from '../../../../server/auth/jwt';
import { sidOf } from '../../../helpers/sessionToken';
import { EXPIRED, sessionModelMachine, sessionPaths } from '../../../machines/models/session';
import { linkNewWallet, loginToken, register } from '../accounts';
import { openPathPage } from '../page';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';

const TIMER = 'xstate.after.untilExpiry.session.valid';
/** A token living this long, for the path whose valid token's own timer must fire. */
const SHORT_LIFE_S = 6;

export const sessionWalker: MachineWalker = {
  machine: sessionModelMachine,
  paths: () => sessionPaths(),
  // Log-out is a link the header shows only while a token is held; a token already stored
  // cannot arrive again (writing the same value fires no storage event).
  browserPaths: () =>
    sessionPaths(
      (state, event) =>
        (event.type !== 'session.logout' || ['valid', 'expired', 'undecodable'].some((v) => state.matches(v))) &&
        (event.type !== 'session.refresh' || event.token === null || event.token !== state.context.token),
    ),
  async walk({ browser, product, tag }, path) {
    const pp = await openPathPage(browser);
    const { page, context } = pp;
    const email = `${tag}.ann@example.com`;
    const password = 'secret-pass';
    const timed = path.steps.some((s) => s.event.type === TIMER);
    await register(product, email, password);
    await linkNewWallet(product, email, password);
    const valid = await loginToken(product, email, password);
    let expiresAt = 0;
    let timerFired = false;
    const other = await context.newPage();
    const logout = page.getByRole('link', { name: 'Logout' });
    const alert = page.getByRole('alert').filter({ hasText: MESSAGES.loggedOut });
    // A token held but not valid: the wallet screens send the tab to /Account.
    const heldAndRefused = async () => {
      await logout.waitFor();
      if (new URL(page.url()).pathname === '/Dashboard') await page.waitForURL('**/Account');
    };
    try {
      await page.goto(`${product.url}/Dashboard`);
      await other.goto(`${product.url}/Account`);
      const rec = await walkPath(
        'session',
        path,
        {
          'session.refresh': async (e: AnyEventObject) => {
            const model = e.token as string | null;
            if (model === null) {
              await other.evaluate('localStorage.setItem("paths-walk", "1"); localStorage.clear()');
              return 'the other tab cleared localStorage';
            }
            let token = model === EXPIRED || model === 'not-a-jwt' ? model : valid;
            if (timed && token === valid) {
              // A token that expires a few seconds from now (its timer is the next step).
              // Signed with the product's own secret (its data folder), as POST /login signs.
              const secret = resolveJwtSecret({ dataDir: product.dataDir, auth: { jwtSecret: null } } as never);
              token = signToken(secret, { email, sid: sidOf(valid) }, SHORT_LIFE_S);
              expiresAt = Math.floor(Date.now() / 1000) + SHORT_LIFE_S;
            }
            const before = (await other.evaluate('localStorage.getItem("token")')) as string | null;
            if (before === token) throw new Error('the token is already stored: writing it again fires no storage event');
            await other.evaluate(`localStorage.setItem("token", ${JSON.stringify(token)})`);
            return `the other tab stored ${token === valid ? 'a real log-in token' : expiresAt > 0 ? `a token expiring in ${SHORT_LIFE_S} s` : 'the model token'}`;
          },
          'session.logout': async () => {
            await logout.click();
          },
          'alert.dismiss': async () => {
            await alert.getByRole('button', { name: 'Dismiss' }).click();
          },
          'xstate.after.logoutAlert.session.loggedOut': async () => {
            await alert.waitFor({ state: 'detached', timeout: TIMING.logoutAlertMs + 5_000 });
            return `waited for the alert's ${TIMING.logoutAlertMs} ms`;
          },
          [TIMER]: async () => {
            const left = expiresAt * 1000 - Date.now();
            await page.waitForTimeout(Math.max(0, left) + 1_000);
            timerFired = expiresAt > 0;
            return "waited for the token's expiry: the timer fires when it has expired, so the page shows an expired session (the model, its clock frozen, reads valid again)";
          },
        },
        {
          anonymous: async () => {
            await alert.waitFor({ state: 'detached' });
            await logout.waitFor({ state: 'detached' });
          },
          valid: async () => {
            if (timerFired) return heldAndRefused();
            await logout.waitFor();
            // The log-in screen sends a valid session on to the dashboard.
            if (new URL(page.url()).pathname === '/Account') await page.waitForURL('**/Dashboard');
          },
          expired: heldAndRefused,
          undecodable: heldAndRefused,
          loggedOut: async () => {
            await alert.waitFor();
            await logout.waitFor({ state: 'detached' });
          },
        },
      );
      // The short-lived token's expiry: the dashboard's calls in flight then may be refused.
      const unexpected = pp.problems.filter((p) => !(timed && /HTTP 401|status of 401/.test(p)));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      await pp.close();
    }
  },
};
