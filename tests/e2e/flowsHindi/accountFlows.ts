/**
 * The account and wallet flows in Hindi (tests/e2e/flowsHindi.test.ts), walked for real against
 * the product: sign-up (empty fields, a bad email, a taken email), wallet create (terms, the key,
 * Copy), log-out, log-in (a wrong password, then the right one), wallet import (a bad key, a good
 * one) and send (a bad address, more than the balance, a real send mined and listed in the
 * history). Every text is located by the app's own texts read in Hindi (the test process has
 * Hindi active), so a text left in English fails to be found as well as being reported.
 */
import { Wallet } from 'ethers';
import type { Browser } from 'playwright-core';
import { expect } from 'vitest';
import { paths } from '../../../common/api/paths';
import { HEADER, MESSAGES, SCREEN_TITLES, fillMessage } from '../../../common/spec';
import { WALLET_TEXTS } from '../../../src/features/wallet/texts';
import type { RunningProduct } from '../../helpers/product';
import { register } from '../paths/accounts';
import { DIALOG, openHindi, tabTo, type HiPage } from './hiPage';

export interface Account {
  email: string;
  password: string;
  address: string;
}

const TOASTS = '.toast-region, header [role="alert"]';

async function okDialog(p: HiPage, step: string, text: string | RegExp): Promise<void> {
  const dialog = p.page.getByRole('dialog');
  await dialog.getByRole('alert').filter({ hasText: text }).waitFor({ timeout: 30_000 });
  await p.check(step, DIALOG);
  await dialog.getByRole('button', { name: WALLET_TEXTS.ok }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Sign-up, wallet create, log-out, log-in on a phone; returns the account with its wallet. */
export async function signupCreateLoginFlow(browser: Browser, product: RunningProduct): Promise<{ account: Account; failures: string[] }> {
  const p = await openHindi(browser, product.url, 'mobile', { clipboard: true });
  const { page } = p;
  const email = `hindi.${Date.now()}@example.com`;
  const password = 'एक लंबा पासवर्ड 42 long';
  try {
    await p.go('/Signup');
    await page.getByRole('heading', { level: 1, name: SCREEN_TITLES.signup }).waitFor();
    await p.check('sign-up form', 'main');
    // Empty fields, by keyboard: Enter on Continue.
    await tabTo(page, WALLET_TEXTS.continue);
    await page.keyboard.press('Enter');
    await okDialog(p, 'sign-up: fields required', MESSAGES.signupRequired);
    // A bad email: the server's 400, its reason in Hindi.
    p.expect(/HTTP 400 POST .*\/api\/registration$/);
    await page.getByLabel(WALLET_TEXTS.email).fill('not-an-email');
    await page.getByLabel(WALLET_TEXTS.password).fill(password);
    await page.getByRole('button', { name: WALLET_TEXTS.continue }).click();
    await okDialog(p, 'sign-up: bad email', new RegExp(`^${escape(fillMessage(MESSAGES.registrationFailed, { result: '' }))}`));
    // A password too short: the server's other reason.
    await page.getByLabel(WALLET_TEXTS.email).fill(email);
    await page.getByLabel(WALLET_TEXTS.password).fill('short');
    await page.getByRole('button', { name: WALLET_TEXTS.continue }).click();
    await okDialog(p, 'sign-up: short password', new RegExp(`^${escape(fillMessage(MESSAGES.registrationFailed, { result: '' }))}`));
    // An email already registered (through the API first): the server's 409.
    const taken = `hindi.taken.${Date.now()}@example.com`;
    await register(product, taken, password);
    p.expect(/HTTP 409 POST .*\/api\/registration$/);
    await page.getByLabel(WALLET_TEXTS.email).fill(taken);
    await page.getByLabel(WALLET_TEXTS.password).fill(password);
    await page.getByRole('button', { name: WALLET_TEXTS.continue }).click();
    await okDialog(p, 'sign-up: email taken', new RegExp(`^${escape(fillMessage(MESSAGES.registrationFailed, { result: '' }))}`));
    await page.getByLabel(WALLET_TEXTS.email).fill(email);
    await page.getByRole('button', { name: WALLET_TEXTS.continue }).click();
    await page.waitForURL(`**/Wallet/${email}*`, { timeout: 60_000 });

    // Wallet create: the terms, the key, Copy, then the dashboard.
    await page.getByRole('button', { name: new RegExp(escape(WALLET_TEXTS.createWallet)) }).click();
    await page.getByRole('dialog', { name: WALLET_TEXTS.termsTitle }).waitFor();
    await p.check('wallet create: terms', DIALOG);
    await page.getByRole('button', { name: WALLET_TEXTS.accept, exact: true }).click();
    const keyBox = page.getByTestId('private-key');
    await keyBox.waitFor({ timeout: 30_000 });
    const key = (await keyBox.textContent()) ?? '';
    expect(key).toMatch(/^0x[0-9a-f]{64}$/);
    await p.check('wallet create: the key, not copied', DIALOG);
    await page.getByRole('button', { name: WALLET_TEXTS.copy, exact: true }).click();
    await page.getByRole('button', { name: MESSAGES.keyCopied }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await p.check('wallet create: the key, copied', DIALOG);
    await page.getByRole('button', { name: WALLET_TEXTS.goToWallet }).click();
    await page.waitForURL('**/Dashboard*', { timeout: 60_000 });
    const address = `r${new Wallet(key).address.slice(2)}`;
    await page.getByTestId('wallet-address').filter({ hasText: address }).waitFor();
    await p.check('dashboard after create', 'main');

    // Log out (the header's icon), the alert in Hindi.
    await page.getByRole('link', { name: HEADER.logout }).click();
    await page.getByText(MESSAGES.loggedOut).waitFor();
    await p.check('log-out alert', TOASTS);

    // Log in: a wrong password (401), then the right one.
    await p.go('/Account');
    await page.getByLabel(WALLET_TEXTS.email).waitFor();
    p.expect(/HTTP 401 POST .*\/api\/login$/);
    await tabTo(page, WALLET_TEXTS.email);
    await page.keyboard.type(email);
    await tabTo(page, WALLET_TEXTS.password);
    await page.keyboard.type('a wrong password 1');
    await page.keyboard.press('Enter');
    await okDialog(p, 'log-in: wrong password', /.+/);
    await page.getByLabel(WALLET_TEXTS.password).fill(password);
    await page.getByRole('button', { name: WALLET_TEXTS.login }).click();
    await page.waitForURL('**/Dashboard*', { timeout: 60_000 });
    await page.getByText(MESSAGES.loginSuccess).waitFor();
    await p.check('log-in: success toast', TOASTS);
    await page.getByTestId('wallet-address').filter({ hasText: address }).waitFor();
    return { account: { email, password, address }, failures: p.failures() };
  } finally {
    await p.close();
  }
}

/** Wallet import for an account without a wallet: a bad key (refused), then a good one. */
export async function importFlow(browser: Browser, product: RunningProduct): Promise<string[]> {
  const email = `hindi.import.${Date.now()}@example.com`;
  const password = 'an import password 42';
  await register(product, email, password);
  const p = await openHindi(browser, product.url, 'desktop', { clipboard: true });
  const { page } = p;
  try {
    await p.go('/Account');
    await page.getByLabel(WALLET_TEXTS.email).fill(email);
    await page.getByLabel(WALLET_TEXTS.password).fill(password);
    await page.getByRole('button', { name: WALLET_TEXTS.login }).click();
    await page.waitForURL(`**/Wallet/${email}*`, { timeout: 60_000 });
    await p.check('log-in: wallet not linked', 'main');
    await page.getByRole('button', { name: new RegExp(escape(WALLET_TEXTS.importWallet)) }).click();
    const dialog = page.getByRole('dialog', { name: WALLET_TEXTS.importTitle });
    await dialog.waitFor();
    await p.check('wallet import: empty', DIALOG);
    const keyBox = dialog.getByLabel(WALLET_TEXTS.privateKey, { exact: true });
    await keyBox.fill('0x1234 not a key');
    await dialog
      .getByRole('button', { name: WALLET_TEXTS.copy, exact: true })
      .click()
      .catch(() => undefined);
    await p.check('wallet import: a bad key', DIALOG);
    const bad = await dialog.innerText();
    expect(bad).toContain(WALLET_TEXTS.invalidKey);
    const key = Wallet.createRandom().privateKey;
    await keyBox.fill(key);
    await dialog.getByRole('button', { name: WALLET_TEXTS.copy, exact: true }).click();
    await dialog.getByRole('button', { name: MESSAGES.keyCopied }).waitFor();
    const passwordBox = dialog.getByLabel(WALLET_TEXTS.accountPassword);
    if ((await passwordBox.count()) > 0) await passwordBox.fill(password);
    await p.check('wallet import: a good key, copied', DIALOG);
    await dialog.getByRole('button', { name: WALLET_TEXTS.goToWallet }).click();
    await page.waitForURL('**/Dashboard*', { timeout: 60_000 });
    await page
      .getByTestId('wallet-address')
      .filter({ hasText: `r${new Wallet(key).address.slice(2)}` })
      .waitFor();
    await p.check('dashboard after import', 'main');
    return p.failures();
  } finally {
    await p.close();
  }
}

/** Send on the phone: a bad address, more than the balance, then a real send mined and in the history. */
export async function sendFlow(browser: Browser, product: RunningProduct, account: Account): Promise<string[]> {
  await product.rpc('anvil_setBalance', [`0x${account.address.slice(1)}`, `0x${(10n * 10n ** 18n).toString(16)}`]);
  const p = await openHindi(browser, product.url, 'mobile');
  const { page } = p;
  try {
    await p.go('/Account');
    await page.getByLabel(WALLET_TEXTS.email).fill(account.email);
    await page.getByLabel(WALLET_TEXTS.password).fill(account.password);
    await page.getByRole('button', { name: WALLET_TEXTS.login }).click();
    await page.waitForURL('**/Dashboard*', { timeout: 60_000 });
    await page.getByTestId('wallet-balance').filter({ hasText: '10 RUBY' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: WALLET_TEXTS.send, exact: true }).first().click();
    const dialog = page.getByRole('dialog', { name: WALLET_TEXTS.sendTitle });
    await dialog.waitFor();
    await p.check('send: empty form', DIALOG);
    const submit = dialog.getByRole('button', { name: WALLET_TEXTS.send, exact: true });
    await dialog.getByLabel(WALLET_TEXTS.recipient).fill('rNOTanADDRESS');
    await dialog.getByLabel(WALLET_TEXTS.amount).fill('1');
    await submit.click();
    await dialog.getByText(WALLET_TEXTS.recipientInvalid).waitFor();
    await p.check('send: a bad address', DIALOG);
    const recipient = `r${Wallet.createRandom().address.slice(2)}`;
    await dialog.getByLabel(WALLET_TEXTS.recipient).fill(recipient);
    await dialog.getByLabel(WALLET_TEXTS.amount).fill('5000');
    // Refused before signing (issue #38): the balance shown does not cover it; nothing is sent.
    await submit.click();
    await dialog
      .getByText(/पर्याप्त RUBY नहीं है/)
      .first()
      .waitFor({ timeout: 60_000 });
    await p.check('send: more than the balance', DIALOG);
    await dialog.getByLabel(WALLET_TEXTS.amount).fill('1.5');
    await submit.click();
    await page.getByText(MESSAGES.transactionSuccess, { exact: true }).waitFor({ timeout: 90_000 });
    await p.check('send: success toast', TOASTS);
    // Mined and shown: the node's receipt and the dashboard's history row.
    let hash = '';
    await expect
      .poll(
        async () => {
          const h = await product.api<{ result: { hash: string; to: string }[] }>(
            paths.userTx({ address: account.address, page: 1, size: 20 }),
          );
          hash = h?.result.find((t) => t.to?.toLowerCase() === recipient.toLowerCase())?.hash ?? '';
          return hash;
        },
        { timeout: 60_000 },
      )
      .not.toBe('');
    const receipt = await product.rpc<{ status: string }>('eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x1');
    await page.locator(`a[href="/transaction/${hash}"]`).first().waitFor({ timeout: 30_000 });
    await p.check('dashboard history after the send', 'main');
    // Receive: the QR code dialog.
    await page.getByRole('button', { name: WALLET_TEXTS.receive, exact: true }).first().click();
    await page.getByRole('dialog', { name: WALLET_TEXTS.receiveTitle }).waitFor();
    await p.check('receive dialog', DIALOG);
    await page.keyboard.press('Escape');
    return p.failures();
  } finally {
    await p.close();
  }
}

export function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
