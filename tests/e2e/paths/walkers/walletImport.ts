/**
 * The import-wallet machine's generated paths on /Wallet/<email> (a fresh account whose token the
 * tab holds) against the real server: the model's valid key becomes a fresh random key of the
 * same form (each path links another wallet), Copy writes the real clipboard (granted to the
 * product's origin, read back in the checks) or is refused (clipboard-write denied to the origin
 * through CDP, as a user's site setting: the app honours it), and a refused link is the account password typed
 * wrong (the server's 401). walletLink.ts holds what this shares with the create-wallet walk.
 */
import type { AnyEventObject } from 'xstate';
import { Wallet } from 'ethers';
import { walletImportMachine } from '../../../../src/machines/walletImportMachine';
import { IMPORT_KEY, walletImportPaths } from '../../../machines/models/walletImport';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';
import { expectedLinkProblem, openWalletWalk, sawCopying } from '../walletLink';

export const walletImportWalker: MachineWalker = {
  machine: walletImportMachine,
  paths: () => walletImportPaths(),
  async walk({ browser, product, tag }, path) {
    const w = await openWalletWalk(browser, product, tag);
    const { pp } = w;
    const dialog = pp.page.getByRole('dialog');
    const realKey = Wallet.createRandom().privateKey.slice(2);
    const keyBox = () => dialog.getByLabel('Private key', { exact: true });
    try {
      const rec = await walkPath(
        'walletImport',
        path,
        {
          ...w.actions(path),
          'wallet.import': async () => {
            await pp.page.getByRole('button', { name: /Import Wallet/ }).click();
          },
          'key.change': async (e: AnyEventObject) => {
            const value = e.value === IMPORT_KEY ? realKey : String(e.value);
            if ((await keyBox().inputValue()) === value) await keyBox().fill(`${value} `);
            await keyBox().fill(value);
            return e.value === IMPORT_KEY ? 'a fresh random key of the same form (each path links its own wallet)' : undefined;
          },
          'modal.close': async () => {
            await dialog.getByRole('button', { name: 'Close' }).click();
          },
        },
        {
          ...w.checks,
          idle: async () => {
            await dialog.waitFor({ state: 'detached' });
          },
          keyEntry: async (s) => {
            if (s.matches({ keyEntry: 'copying' })) return;
            const c = s.context as { privateKey: string };
            await w.checkKeyModal(s, () => keyBox().inputValue(), c.privateKey === IMPORT_KEY);
          },
          'keyEntry.copying': () => sawCopying(pp),
        },
      );
      const unexpected = pp.problems.filter((p) => !expectedLinkProblem(p));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      await pp.close();
    }
  },
};
