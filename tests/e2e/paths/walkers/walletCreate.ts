/**
 * The create-wallet machine's generated paths on /Wallet/<email> (a fresh account whose token the
 * tab holds) against the real server: the key is made in chromium, Copy writes the real clipboard
 * (granted to the product's origin, read back in the checks) or is refused (clipboard-write denied
 * through CDP, as a user's site setting), a refused link is the account
 * password typed wrong (the server's 401) or, for the model's network error, chromium offline.
 * A failed key generation is real too: chromium offline when Accept loads the wallet code (its
 * lazy chunk), so the import fails. walletLink.ts holds what this shares with the import walk.
 */
import { WALLET_TEXTS } from '../../../../src/features/wallet/texts';
import { walletCreateMachine } from '../../../../src/machines/walletCreateMachine';
import { walletCreatePaths } from '../../../machines/models/walletCreate';
import type { MachineWalker } from '../types';
import { eventually } from '../page';
import { walkPath } from '../walk';
import { expectedLinkProblem, openWalletWalk, sawCopying } from '../walletLink';

/** A failed dynamic import (the wallet chunk requested offline). */
const expectedProblem = (p: string) => expectedLinkProblem(p) || /dynamically imported module|walletFlows/.test(p);

export const walletCreateWalker: MachineWalker = {
  machine: walletCreateMachine,
  paths: () => walletCreatePaths(),
  async walk({ browser, product, tag }, path) {
    const w = await openWalletWalk(browser, product, tag);
    const { pp } = w;
    const { page } = pp;
    const dialog = page.getByRole('dialog');
    let chunkFailed = false;
    try {
      const rec = await walkPath(
        'walletCreate',
        path,
        {
          ...w.actions(path),
          'wallet.create': async () => {
            await page.getByRole('button', { name: /Create Wallet/ }).click();
          },
          'terms.accept': async (_e, i) => {
            await pp.clearTrace();
            let how: string | undefined;
            if (path.steps[i + 1]?.event.type === 'xstate.error.actor.generateKey') {
              await pp.offline(true);
              how = "chromium offline (CDP) when Accept loads the wallet code's lazy chunk";
            }
            await dialog.getByRole('button', { name: WALLET_TEXTS.accept }).click();
            return how;
          },
          'terms.decline': async () => {
            await dialog.getByRole('button', { name: WALLET_TEXTS.decline }).click();
          },
          'xstate.done.actor.generateKey': async () => 'the key made in chromium (ethers Wallet.createRandom)',
          'xstate.error.actor.generateKey': async () => {
            await dialog.getByRole('alert').waitFor();
            await pp.offline(false);
            chunkFailed = true;
            return "the wallet code's chunk failed to load offline; back online after the message";
          },
          'modal.close': async (_e, i) => {
            await dialog.getByRole('button', { name: WALLET_TEXTS.ok }).click();
            // chromium keeps a failed module import for the document's life: a later key needs a fresh document.
            if (!chunkFailed || !path.steps.slice(i + 1).some((s) => s.event.type === 'xstate.done.actor.generateKey')) return;
            await dialog.waitFor({ state: 'detached' });
            await page.reload();
            await page.getByRole('button', { name: /Create Wallet/ }).waitFor();
            chunkFailed = false;
            return 'closed; then the page reloaded (chromium keeps the failed chunk import for the document), idle again';
          },
        },
        {
          ...w.checks,
          idle: async () => {
            await dialog.waitFor({ state: 'detached' });
            await page.getByRole('button', { name: /Create Wallet/ }).waitFor();
          },
          terms: async () => {
            await page.getByRole('dialog', { name: WALLET_TEXTS.termsTitle }).waitFor();
          },
          generating: async () => {
            await eventually(() => pp.sawTogether(WALLET_TEXTS.generating), `'${WALLET_TEXTS.generating}' in the dialog`);
          },
          failed: async () => {
            await dialog
              .getByRole('alert')
              .getByText(/^Error creating wallet: .+/)
              .waitFor();
          },
          result: async (s) => {
            if (s.matches({ result: 'copying' })) return;
            await w.checkKeyModal(s, async () => (await dialog.getByTestId('private-key').textContent()) ?? '', true);
          },
          'result.copying': () => sawCopying(pp),
        },
      );
      const unexpected = pp.problems.filter((p) => !expectedProblem(p));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      await pp.close();
    }
  },
};
