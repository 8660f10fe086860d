/**
 * Every flow usable in Hindi (issue #21), walked for real in Debian's chromium against one product,
 * each page opened with `?lang=hi`, at phone width (390×844) and, where cheap, 1366×900: search and
 * the palette, sign-up, wallet create, log-out and log-in, wallet import, send (mined and shown),
 * deploy, verify, and the issue and feature-request forms; an RBC20 token send (a refusal by the
 * node, then a real send) and the network lost during a send and during a deploy. At each step the dialog, form, toast or
 * error shown must have no English left (tests/e2e/hindiCheck.ts), the browser no console error
 * and no HTTP error the step did not ask for, and the step must work (its real result checked).
 * The test process reads the app's own texts in Hindi (setLocale('hi')) to find the controls, so a
 * text left in English is not found either. Last, switching back to English with the header's
 * control gives today's exact English. The flows live in tests/e2e/flowsHindi/.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setLocale } from '../../src/lib/i18n/locale';
import { launchBrowser } from '../helpers/browser';
import type { RunningProduct } from '../helpers/product';
import { sharedProduct } from '../helpers/sharedProduct';
import { realValues } from '../helpers/realValues';
import { importFlow, sendFlow, signupCreateLoginFlow, type Account } from './flowsHindi/accountFlows';
import { deployFlow, deployWebWalletFlow, verifyFlow } from './flowsHindi/contractFlows';
import { feedbackFlow, switchBackFlow } from './flowsHindi/formFlows';
import { searchFlow } from './flowsHindi/searchFlows';
import { offlineDeployFlow, offlineSendFlow, tokenSendFlow } from './flowsHindi/tokenOfflineFlows';

let product: RunningProduct | null = null;
let browser: Browser | null = null;
let account: Account | null = null;

beforeAll(async () => {
  product = await sharedProduct();
  browser = await launchBrowser();
  await setLocale('hi');
}, 300_000);

afterAll(async () => {
  await setLocale('en');
  await browser?.close();
}, 60_000);

function started(): { product: RunningProduct; browser: Browser } {
  if (!product || !browser) throw new Error('the product or the browser did not start (see beforeAll)');
  return { product, browser };
}

it('the test process reads the texts in Hindi', async () => {
  const { MESSAGES } = await import('../../common/spec');
  expect(MESSAGES.loginSuccess).not.toBe('Login successful!');
  expect(MESSAGES.loginSuccess).toMatch(/[\u0900-\u097F]/);
});

it('search box and palette: a hit, no result, a bad input', async () => {
  const { product, browser } = started();
  const values = await realValues(product);
  expect(await searchFlow(browser, product, values.blockNumber)).toEqual([]);
}, 120_000);

it('sign-up (errors), wallet create with the key copied, log-out, log-in (a wrong password, then right)', async () => {
  const { product, browser } = started();
  const result = await signupCreateLoginFlow(browser, product);
  account = result.account;
  expect(result.failures).toEqual([]);
}, 180_000);

it('wallet import: a bad key refused, a good key linked', async () => {
  const { product, browser } = started();
  expect(await importFlow(browser, product)).toEqual([]);
}, 180_000);

it('send: a bad address, more than the balance, a real send mined and in the history', async () => {
  const { product, browser } = started();
  if (!account) throw new Error('the sign-up flow made no account');
  expect(await sendFlow(browser, product, account)).toEqual([]);
}, 240_000);

it('token send from the Tokens tab: more than the balance refused by the node, then a real send mined', async () => {
  const { product, browser } = started();
  expect(await tokenSendFlow(browser, product)).toEqual([]);
}, 240_000);

it('send with the network lost (chromium offline): told in Hindi, then sent once back online', async () => {
  const { product, browser } = started();
  expect(await offlineSendFlow(browser, product)).toEqual([]);
}, 180_000);

it('deploy with the network lost (chromium offline): told in Hindi, then deployed once back online', async () => {
  const { product, browser } = started();
  expect(await offlineDeployFlow(browser, product)).toEqual([]);
}, 240_000);

it('deploy: a .sol file that does not compile, then a real RBC20', async () => {
  const { product, browser } = started();
  expect(await deployFlow(browser, product)).toEqual([]);
}, 240_000);

it('deploy with the web wallet: the password asked (a wrong one, then right), a real DApp', async () => {
  const { product, browser } = started();
  expect(await deployWebWalletFlow(browser, product)).toEqual([]);
}, 240_000);

it('verify: no match, already verified, verified', async () => {
  const { product, browser } = started();
  expect(await verifyFlow(browser, product)).toEqual([]);
}, 300_000);

for (const kind of ['issue', 'feature'] as const) {
  it(`the ${kind} form: validation errors, then sent`, async () => {
    const { product, browser } = started();
    expect(await feedbackFlow(browser, product, kind)).toEqual([]);
  }, 120_000);
}

it("switching back to English with the header's control gives today's exact English of the flow", async () => {
  const { product, browser } = started();
  await switchBackFlow(browser, product);
}, 120_000);
