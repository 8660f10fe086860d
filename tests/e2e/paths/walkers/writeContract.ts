/**
 * The write-contract machine's generated paths on the Contract tab's Write contract view of a real
 * contract deployed on the devnet and verified through the product's API (once per product): its
 * payable post(uint256 amount) is the model's FN; it reverts with TooLarge(amount, max) above a
 * cap kept in storage slot 0, which the walk sets on the devnet (anvil_setStorageAt). The model's
 * signers are real: a fresh web user whose session the tab holds (a locked web wallet) and an
 * injected EIP-1193 double signing on the devnet (writeContractHelpers). Each outcome is made real
 * by what the path asks for next:
 * - detection: the wallet code's chunk held, then let through, or lost to chromium going offline;
 * - a wrong account password (the keystore does not open); a connect failure: offline as the web
 *   wallet is fetched, or the browser wallet refusing (4001, a rejected signature);
 * - a revert: the cap set to 0 before the estimate (the contract's custom error, decoded); an
 *   estimate without answer: offline once the wallet is open;
 * - a send refusal: the signer emptied on the devnet (insufficient funds); a transaction mined as
 *   failed: the cap set to 0 after the estimate (the browser wallet sends the estimated gas as is);
 * - a wait that runs out: offline while pending and the page's clock moved past its 3-minute
 *   deadline (playwright's page.clock).
 */
import { Wallet } from 'ethers';
import type { AnyMachineSnapshot } from 'xstate';
import { patterns } from '../../../../common/api/paths';
import { WRITE_TEXTS } from '../../../../src/sections/contract/writeTexts';
import { writeContractMachine } from '../../../../src/machines/writeContractMachine';
import { writeContractPaths } from '../../../machines/models/writeContract';
import { makeWebUser } from '../../deployHelpers';
import { afterAnswer, holdChunk, injectDevnetWallet } from '../../writeContractHelpers';
import { loginToken } from '../accounts';
import { eventually, openPathPage } from '../page';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';
import {
  NO_CAP,
  ZERO,
  boardOf,
  browserPossible,
  ctx,
  nextInRound,
  passwordError,
  writeChecks,
  type WriteWalkState,
} from './writeContractChecks';
import { actorEvent, expectedProblem, isError, netSwitch } from './walkSteps';

const PASSWORD = 'account-pass';
const COINS = `0x${(1000n * 10n ** 18n).toString(16)}`;
export const writeContractWalker: MachineWalker = {
  machine: writeContractMachine,
  paths: writeContractPaths,
  browserPaths: () => writeContractPaths().filter(browserPossible),
  async walk({ browser, product, tag }, path) {
    const board = await boardOf(product);
    const hexBoard = `0x${board.slice(1)}`;
    const setCap = (v: string) => product.rpc('anvil_setStorageAt', [hexBoard, '0x0', v]);
    await setCap(NO_CAP);
    const pp = await openPathPage(browser);
    const { page, context } = pp;
    const w: WriteWalkState = { typedPassword: '', expectFailure: /./ };
    const net = netSwitch(pp);
    try {
      const user = await makeWebUser(product, `${tag}@example.com`, PASSWORD);
      const injected = await injectDevnetWallet(page, product.rpcUrl, Wallet.createRandom().privateKey);
      await product.rpc('anvil_setBalance', [injected.address, COINS]);
      const token = await loginToken(product, user.email, PASSWORD);
      await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
      const timesOut = path.steps.some((s) => s.event.type === 'xstate.error.actor.waitMined');
      if (timesOut) await page.clock.install();
      const held = await holdChunk(page, 'contractSigner');
      await page.goto(`${product.url}/contractDetail/${board}?tab=contract`);
      await page.getByRole('button', { name: WRITE_TEXTS.write }).click({ timeout: 30_000 });
      const card = page.locator('.write-fn').filter({ hasText: 'post' });
      await card.waitFor();
      const writeButton = card.getByRole('button', { name: WRITE_TEXTS.write1, exact: true });
      const alert = card.getByRole('alert');
      const signerAddress = (s: AnyMachineSnapshot) => (ctx(s).signer === 'web' ? user.wallet.address : injected.address);
      const retype = async (label: string | RegExp, value: string) => {
        const box = card.getByLabel(label);
        if ((await box.inputValue()) === value) await box.fill(`${value} `);
        await box.fill(value);
      };
      const radio = (signer: string) =>
        card.getByRole('radio', { name: new RegExp(`^${signer === 'web' ? WRITE_TEXTS.webWallet : WRITE_TEXTS.injected}`) });
      /** A connect that fails for another reason than the password: how it is made real for the signer. */
      const failConnect = async (s: AnyMachineSnapshot) => {
        if (ctx(s).signer === 'injected') {
          injected.rejectNext = true;
          w.expectFailure = new RegExp(WRITE_TEXTS.rejected.replace('.', '\\.'));
          return 'the browser wallet refuses (4001)';
        }
        await net.down();
        w.expectFailure = /Failed to fetch/;
        return 'chromium offline first (the web wallet is not fetched)';
      };

      const rec = await walkPath(
        'writeContract',
        path,
        {
          'arg.change': async (e) => retype(/^amount/, String(e.value)),
          'arg.unit': async () => {
            const box = card.getByRole('checkbox', { name: WRITE_TEXTS.unit });
            if (await box.isChecked()) await box.uncheck();
            await box.check();
          },
          'value.change': async (e) => retype(WRITE_TEXTS.valueLabel, String(e.value)),
          'signer.choose': async (e) => {
            const r = radio(String(e.signer));
            if (await r.isChecked()) await radio(e.signer === 'web' ? 'injected' : 'web').check();
            await r.check();
          },
          'password.change': async (_e, i) => {
            const wrong = passwordError(nextInRound(path, i, actorEvent('connect')));
            const box = card.getByLabel(WRITE_TEXTS.password);
            const value = wrong ? `${PASSWORD}-wrong` : PASSWORD;
            if ((await box.inputValue()) === value) await box.fill(`${value}!`);
            await box.fill(value);
            w.typedPassword = value;
            return wrong ? 'a wrong account password' : undefined;
          },
          'write.submit': async (_e, i) => {
            const s = path.steps[i - 1]?.state as AnyMachineSnapshot;
            const notes: string[] = [];
            const estimate = nextInRound(path, i, actorEvent('estimate'));
            const reverts = estimate?.type === 'xstate.done.actor.estimate' && 'revert' in (estimate.output as object);
            await setCap(reverts ? ZERO : NO_CAP);
            if (reverts) notes.push('the cap set to 0 on the devnet (the call reverts)');
            const next = path.steps[i + 1]?.event;
            if (next && isError(next) && next.type === 'xstate.error.actor.connect' && !passwordError(next))
              notes.push(await failConnect(s));
            if (isError(estimate)) {
              w.expectFailure = /Failed to fetch/;
              if (ctx(s).signer === 'injected') await net.down();
              else await afterAnswer(page, patterns.walletData.replace(':email', '*'), net.down);
              notes.push('offline once the wallet is open (the estimate gets no answer)');
            }
            await pp.clearTrace();
            await writeButton.click();
            return notes.join('; ') || undefined;
          },
          'unlock.submit': async (_e, i) => {
            const next = path.steps[i + 1]?.event;
            let how: string | undefined;
            if (next && next.type === 'xstate.error.actor.connect' && !passwordError(next))
              how = await failConnect(path.steps[i - 1]?.state as AnyMachineSnapshot);
            await pp.clearTrace();
            await card.getByRole('button', { name: WRITE_TEXTS.unlock }).click();
            return how;
          },
          'write.confirm': async (_e, i) => {
            const s = path.steps[i - 1]?.state as AnyMachineSnapshot;
            const send = nextInRound(path, i, actorEvent('send'));
            const mined = nextInRound(path, i, actorEvent('waitMined'));
            let how: string | undefined;
            await product.rpc('anvil_setBalance', [signerAddress(s), isError(send) ? '0x0' : COINS]);
            if (isError(send)) {
              w.expectFailure = /insufficient funds/i;
              how = 'the signer emptied on the devnet first (anvil_setBalance 0)';
            }
            if (mined?.type === 'xstate.done.actor.waitMined' && (mined.output as { status: number }).status === 0) {
              await setCap(ZERO);
              how = 'the cap set to 0 after the estimate (the transaction reverts when mined)';
            }
            await pp.clearTrace();
            await card.getByRole('button', { name: WRITE_TEXTS.confirm }).click();
            return how;
          },
          'write.cancel': async () => {
            await card.getByRole('button', { name: new RegExp(`^(${WRITE_TEXTS.cancel}|${WRITE_TEXTS.dismiss})$`) }).click();
          },
          'xstate.done.actor.detect': async () => {
            await held.release();
            await radio('web').waitFor({ timeout: 30_000 });
            return 'the wallet code arrived: the web wallet and the browser wallet found';
          },
          'xstate.error.actor.detect': async () => {
            await held.fail(net.down);
            await eventually(() => writeButton.isEnabled(), 'Write enabled after the detection failed');
            await net.up();
            return "the wallet code's request lost offline; back online after";
          },
          'xstate.done.actor.connect': async () => {
            await eventually(() => pp.sawTogether(WRITE_TEXTS.estimating), 'the estimating step', 60_000);
          },
          'xstate.error.actor.connect': async (e) => {
            if (passwordError(e)) {
              await card.locator('.write-fn__unlock').getByRole('alert').waitFor({ timeout: 60_000 });
              return 'the keystore did not open with the wrong password';
            }
            await alert.filter({ hasText: WRITE_TEXTS.failed }).waitFor({ timeout: 60_000 });
            const wasOffline = net.offline;
            await net.up();
            return wasOffline ? 'the web wallet was not fetched (offline); back online after' : 'the browser wallet refused (4001)';
          },
          'xstate.done.actor.estimate': async (e) => {
            if ('revert' in (e.output as object)) {
              await alert.filter({ hasText: WRITE_TEXTS.reverted }).waitFor({ timeout: 60_000 });
              return 'the node: TooLarge (decoded from the verified ABI)';
            }
            await card.getByRole('button', { name: WRITE_TEXTS.confirm }).waitFor({ timeout: 60_000 });
            return 'the node estimated the gas';
          },
          'xstate.error.actor.estimate': async () => {
            await alert.filter({ hasText: WRITE_TEXTS.failed }).waitFor({ timeout: 60_000 });
            await net.up();
            return 'no answer (offline); back online after';
          },
          'xstate.done.actor.send': async () => {
            await eventually(() => pp.sawTogether(WRITE_TEXTS.pending), 'the pending step', 60_000);
            return 'signed and relayed to the devnet';
          },
          'xstate.error.actor.send': async () => {
            await alert.filter({ hasText: WRITE_TEXTS.failed }).waitFor({ timeout: 60_000 });
            return 'the node refused it: insufficient funds';
          },
          'xstate.done.actor.waitMined': async (e) => {
            const ok = (e.output as { status: number }).status === 1;
            await card.getByText(ok ? WRITE_TEXTS.mined : WRITE_TEXTS.minedFailed).waitFor({ timeout: 120_000 });
            return ok ? 'mined and indexed' : 'mined with status 0 (the cap reverted it)';
          },
          'xstate.error.actor.waitMined': async () => {
            await eventually(() => pp.sawTogether(WRITE_TEXTS.pending), 'the pending step', 60_000);
            await net.down();
            await page.clock.fastForward(181_000);
            await alert.filter({ hasText: WRITE_TEXTS.notMined }).waitFor({ timeout: 60_000 });
            w.expectFailure = new RegExp(WRITE_TEXTS.notMined.replace(/[.;]/g, '.'));
            await net.up();
            return "offline while pending, the page's clock moved 181 s on: its 3-minute wait ran out; back online after";
          },
        },
        writeChecks(pp, w, { card, writeButton, alert, product, hexBoard }),
      );
      const allowed = expectedProblem(net, /HTTP 4\d\d POST .*\/api\/(sendrawtransaction|preparetx)|status of 4\d\d/);
      const unexpected = pp.problems.filter((p) => !allowed(p));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      if (net.offline) await pp.offline(false).catch(() => undefined);
      await pp.close();
    }
  },
};
