/**
 * The import-wallet machine's generated paths on /Wallet/<email> (a fresh account whose token the
 * tab holds) against the real server: the model's valid key becomes a fresh random key of the
 * same form (each path links another wallet), Copy writes the real clipboard (granted to the
 * product's origin, read back in the checks), and a refused link is the account password typed
 * wrong (the server's 401). walletLink.ts holds what this shares with the create-wallet walk.
 */
import type { AnyEventObject } from 'xstate';
import { Wallet } from 'ethers';
import { walletImportMachine } from '../../../../src/machines/walletImportMachine';
import { IMPORT_KEY, walletImportPaths } from '../../../machines/models/walletImport';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';
import { expectedLinkProblem, openWalletWalk, sawCopying } from '../walletLink';

const COPY_REFUSED = 'xstate.error.actor.copyKey';

/** Why a refused clipboard write is not made real in chromium (measured: see the report). */
export const COPY_NOT_REAL =
  "chromium cannot refuse the copy: with the clipboard-write permission denied (CDP Browser.setPermission) navigator.clipboard.writeText rejects, but the app's fallback document.execCommand('copy') then succeeds (with or without a user activation), so the screen never shows a refused copy";

export const walletImportWalker: MachineWalker = {
  machine: walletImportMachine,
  paths: () => walletImportPaths(),
  browserPaths: () => walletImportPaths((_s, e) => (e as AnyEventObject).type !== COPY_REFUSED),
  notReal: {
    'transition walletImport.keyEntry.copying --error copyKey--> walletImport.keyEntry.ready': COPY_NOT_REAL,
  },
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
          'wallet.copyKey': async () => {
            await pp.clearTrace();
            await dialog.getByRole('button', { name: /^(Copy|Copied!)$/ }).click();
          },
          'modal.close': async () => {
            await dialog.getByRole('button', { name: 'Close' }).click();
          },
          'xstate.done.actor.copyKey': async () => 'chromium wrote the clipboard (permission granted to the origin)',
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
