/**
 * The deploy machine's generated paths on /Deploycontract against the real server and devnet: a
 * fresh web user whose session the tab holds and an injected EIP-1193 double signing on the devnet
 * (the model's two signers), real .sol uploads (deployChecks.ts), real deployments mined and
 * verified. Each outcome is made real by what the path asks for next: detection (the wallet code's
 * chunk held, then let through or lost offline), a compile refusal (a parse error) or no answer
 * (offline), a wrong password, a connect failure (offline web wallet, invalid key, the browser
 * wallet's 4001), insufficient funds (anvil_setBalance 0), a creation mined as failed (the gate
 * closed right after the real gas estimate), a wait or a verification without answer (offline once
 * the creation is indexed / its details arrived).
 */
import fs from 'node:fs';
import { Wallet } from 'ethers';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { MESSAGES } from '../../../../common/spec';
import { paths, patterns } from '../../../../common/api/paths';
import { DEPLOY_TEXTS } from '../../../../src/features/deploy/texts';
import { DEPLOY_MACHINE_TEXTS } from '../../../../src/machines/deployTexts';
import { deployMachine } from '../../../../src/machines/deployMachine';
import { WRITE_TEXTS } from '../../../../src/sections/contract/writeTexts';
import { deployPaths, filled } from '../../../machines/models/deploy';
import { makeWebUser } from '../../deployHelpers';
import { afterAnswer, holdChunk, injectDevnetWallet } from '../../writeContractHelpers';
import { loginToken } from '../accounts';
import { clipboardWritePermission, eventually, openPathPage } from '../page';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';
import { browserPossible, copyActions, ctx, deployChecks, writeSources, type DeployWalkState } from './deployChecks';
import { actorEvent, escapeRe, expectedProblem, isError, netSwitch, nextStep } from './walkSteps';

const PASSWORD = 'account-pass';
const COINS = `0x${(1000n * 10n ** 18n).toString(16)}`;
const isSubmit = (e: AnyEventObject) => e.type === 'deploy.submit';

export const deployWalker: MachineWalker = {
  machine: deployMachine,
  paths: deployPaths,
  browserPaths: () => deployPaths().filter(browserPossible),

  async walk({ browser, product, tag }, path) {
    const pp = await openPathPage(browser);
    const { page, context } = pp;
    const gate = Wallet.createRandom().address;
    const { dir, good, bad } = writeSources(gate);
    const key = Wallet.createRandom();
    const w: DeployWalkState = { uploaded: '', typedPassword: '', expectFailure: '', expectVerifyError: '', copied: false };
    const net = netSwitch(pp);
    const clipboard = await clipboardWritePermission(browser, pp, product.url);
    try {
      const detectAt = path.steps.findIndex((s) => actorEvent('detect')(s.event));
      const detected = detectAt > 0 && path.steps[detectAt]?.event.type === 'xstate.done.actor.detect';
      const user = detected ? await makeWebUser(product, `${tag}@example.com`, PASSWORD) : null;
      const injected = detected ? await injectDevnetWallet(page, product.rpcUrl, Wallet.createRandom().privateKey) : null;
      if (injected) await product.rpc('anvil_setBalance', [injected.address, COINS]);
      await product.rpc('anvil_setBalance', [key.address, COINS]);
      if (user) {
        const token = await loginToken(product, user.email, PASSWORD);
        await context.addInitScript(`localStorage.setItem('token', ${JSON.stringify(token)})`);
      }
      const held = await holdChunk(page, 'contractSigner');
      await page.goto(`${product.url}/Deploycontract`);
      const form = page.locator('form.deploy-form');
      const deployButton = form.getByRole('button', { name: new RegExp(`^(${DEPLOY_TEXTS.deploy}|${escapeRe(MESSAGES.deploying)})$`) });
      await deployButton.waitFor({ timeout: 30_000 });
      const signerAddress = (s: AnyMachineSnapshot) => {
        const signer = ctx(s).signer;
        return signer === 'web' ? (user?.wallet.address ?? '') : signer === 'injected' ? (injected?.address ?? '') : key.address;
      };
      const retype = async (label: string, value: string) => {
        const box = form.getByLabel(label, { exact: true });
        if ((await box.inputValue()) === value) await box.fill(`${value} `);
        await box.fill(value);
      };
      const signerLabel = { web: DEPLOY_TEXTS.signerWeb, injected: DEPLOY_TEXTS.signerInjected, key: DEPLOY_TEXTS.signerKey };
      const radio = (signer: keyof typeof signerLabel) =>
        form.getByRole('radio', { name: new RegExp(`^${escapeRe(signerLabel[signer])}`) });
      const unlock = page.locator('form.deploy-unlock');

      /** Sets up the chain and the network for the outcomes of the round Deploy starts at step `i`. */
      const prepareRound = async (i: number) => {
        const s = path.steps[i - 1]?.state as AnyMachineSnapshot;
        const compile = nextStep(path, i, actorEvent('compile'), isSubmit);
        const send = nextStep(path, i, actorEvent('send'), isSubmit);
        const mined = nextStep(path, i, actorEvent('waitDeployed'), isSubmit);
        const verify = nextStep(path, i, actorEvent('verify'), isSubmit);
        const connect = nextStep(path, i, actorEvent('connect'), isSubmit);
        const notes: string[] = [];
        await product.rpc('anvil_setBalance', [signerAddress(s), send && isError(send) ? '0x0' : COINS]);
        if (send && isError(send)) notes.push('the signer emptied on the devnet (anvil_setBalance 0)');
        await product.rpc('anvil_setBalance', [gate, '0x0']);
        if (mined?.type === 'xstate.done.actor.waitDeployed' && (mined.output as { status: number }).status === 0) {
          await afterAnswer(page, paths.prepareTx(), async () => {
            await product.rpc('anvil_setBalance', [gate, '0x1']);
          });
          notes.push('the gate closed on the devnet right after the gas estimate (the creation reverts when mined)');
        }
        if (mined && isError(mined)) {
          await afterAnswer(
            page,
            patterns.txStatus.replace(':hash', '*'),
            net.down,
            (b) => (b as { result?: { indexed?: boolean } })?.result?.indexed === true,
          );
          notes.push('offline once the creation is indexed');
        }
        if (verify && isError(verify)) {
          await afterAnswer(page, patterns.txData.replace(':hash', '*'), net.down);
          notes.push("offline once the creation's details arrived");
        }
        if (compile && isError(compile) && compile.case === 'network') {
          await net.down();
          notes.push('chromium offline before Deploy');
        }
        const signer = ctx(s).signer;
        if (connect && isError(connect) && connect.case === 'rejected') {
          if (signer === 'injected' && injected) {
            injected.rejectNext = true;
            notes.push('the browser wallet refuses the connection (4001)');
          } else if (signer === 'web' && ctx(s).signers.web?.unlocked) {
            await afterAnswer(page, paths.compileContract(), net.down);
            notes.push('offline once compiled (the web wallet cannot be opened)');
          }
        }
        return notes.join('; ') || undefined;
      };

      const rec = await walkPath(
        'deploy',
        path,
        {
          'file.select': async (_e, i) => {
            const compile = nextStep(path, i, actorEvent('compile'));
            const file = compile && isError(compile) && compile.case === 'refused' ? bad : good;
            w.uploaded = fs.readFileSync(file, 'utf8');
            await form.getByLabel(DEPLOY_TEXTS.file).setInputFiles(file);
            await form.getByRole('heading', { name: `${DEPLOY_TEXTS.preview}: GoldToken.sol` }).waitFor();
            return file === bad
              ? 'a .sol file with a parse error (tests/fixtures/sol/Broken.sol)'
              : 'an RBC20 source (ERC20, gated constructor)';
          },
          'field.change': async (e, i) => {
            if (e.field === 'contractType') {
              await form.getByLabel(DEPLOY_TEXTS.contractType).selectOption(String(e.value));
              return;
            }
            if (e.field === 'privateKey') {
              const connect = nextStep(path, i, actorEvent('connect'));
              const invalid = connect !== null && isError(connect) && connect.case === 'rejected';
              await retype(DEPLOY_TEXTS.privateKey, invalid ? '0x1234' : key.privateKey);
              return invalid ? 'an invalid key (the next connect is to fail)' : 'a key the devnet funded';
            }
            await retype(DEPLOY_TEXTS.contractName, String(e.value));
          },
          'signer.choose': async (e) => {
            const r = radio(e.signer as keyof typeof signerLabel);
            if (await r.isChecked()) {
              const other = form.getByRole('radio').filter({ hasNot: page.locator(':checked') });
              await other.first().check();
            }
            await r.check();
          },
          'password.change': async (_e, i) => {
            const connect = nextStep(path, i, actorEvent('connect'));
            const wrong = connect !== null && isError(connect) && connect.case === 'password';
            const box = unlock.getByLabel(DEPLOY_TEXTS.password);
            const value = wrong ? `${PASSWORD}-wrong` : PASSWORD;
            if ((await box.inputValue()) === value) await box.fill(`${value}!`);
            await box.fill(value);
            w.typedPassword = value;
            return wrong ? 'a wrong account password' : undefined;
          },
          'unlock.submit': async (_e, i) => {
            const connect = path.steps[i + 1]?.event;
            let how: string | undefined;
            if (connect && isError(connect) && connect.case === 'rejected') {
              await net.down();
              how = 'chromium offline first (the wallet cannot be fetched)';
            }
            await pp.clearTrace();
            await unlock.getByRole('button', { name: DEPLOY_TEXTS.unlock }).click();
            return how;
          },
          'deploy.cancel': async () => {
            await unlock.getByRole('button', { name: DEPLOY_TEXTS.cancel }).click();
          },
          'deploy.submit': async (_e, i) => {
            const s = path.steps[i - 1]?.state as AnyMachineSnapshot;
            const starts = s.matches('failed') || (s.matches('idle') && filled(ctx(s)));
            const how = starts ? await prepareRound(i) : undefined;
            await pp.clearTrace();
            await deployButton.click();
            return how;
          },
          'deploy.again': async () => {
            w.copied = false;
            await page.getByRole('button', { name: DEPLOY_TEXTS.again }).click();
          },
          'xstate.done.actor.detect': async () => {
            await held.release();
            if (user) await radio('web').waitFor({ timeout: 30_000 });
            return 'the wallet code arrived: the web wallet and the browser wallet found';
          },
          'xstate.error.actor.detect': async () => {
            await held.fail(net.down);
            await eventually(async () => deployButton.isEnabled(), 'Deploy enabled after the detection failed');
            await net.up();
            return "the wallet code's request lost offline; back online after";
          },
          'xstate.done.actor.compile': async () => {
            await eventually(
              async () => (await unlock.count()) > 0 || (await pp.sawTogether(DEPLOY_TEXTS.connecting)),
              'the step after compiling',
              120_000,
            );
            return 'the server compiled the upload';
          },
          'xstate.error.actor.compile': async (e) => {
            await form.getByRole('alert').waitFor({ timeout: 120_000 });
            w.expectFailure = e.case === 'network' ? DEPLOY_MACHINE_TEXTS.noResponse : /^Error uploading file: .*ParserError/s;
            await net.up();
            return e.case === 'network' ? 'no answer (offline); back online after' : "the compiler's parse error";
          },
          'xstate.done.actor.connect': async () => {
            await eventually(() => pp.sawTogether(DEPLOY_TEXTS.sending), 'the sending step', 60_000);
          },
          'xstate.error.actor.connect': async (e, i) => {
            const s = path.steps[i - 1]?.state as AnyMachineSnapshot;
            if (e.case === 'password') {
              await unlock.getByRole('alert').waitFor({ timeout: 60_000 });
              return 'the keystore did not open with the wrong password';
            }
            await form.getByRole('alert').waitFor({ timeout: 60_000 });
            const signer = ctx(s).signer;
            w.expectFailure = signer === 'key' ? DEPLOY_TEXTS.badKey : signer === 'injected' ? WRITE_TEXTS.rejected : /Failed to fetch/;
            await net.up();
            return {
              key: 'the invalid key refused',
              injected: 'the browser wallet refused (4001)',
              web: 'offline: the wallet was not fetched',
            }[signer];
          },
          'xstate.done.actor.send': async () => {
            await eventually(() => pp.sawTogether(DEPLOY_TEXTS.pending), 'the pending step', 60_000);
            return 'signed in the page and relayed to the devnet';
          },
          'xstate.error.actor.send': async () => {
            await form.getByRole('alert').waitFor({ timeout: 60_000 });
            w.expectFailure = /insufficient funds/i;
            return 'the node refused it: insufficient funds';
          },
          'xstate.done.actor.waitDeployed': async (e) => {
            if ((e.output as { status: number }).status === 1) {
              await eventually(() => pp.sawTogether(DEPLOY_TEXTS.verifying), 'the verifying step', 120_000);
              return 'mined and indexed';
            }
            await form.getByRole('alert').waitFor({ timeout: 120_000 });
            w.expectFailure = DEPLOY_MACHINE_TEXTS.reverted;
            return 'mined with status 0: the constructor reverted (gate closed)';
          },
          'xstate.error.actor.waitDeployed': async () => {
            await form.getByRole('alert').waitFor({ timeout: 120_000 });
            w.expectFailure = /Failed to fetch/;
            await net.up();
            return "offline once indexed: the creation's details did not arrive; back online after";
          },
          'xstate.done.actor.verify': async () => {
            await page.getByTestId('deploy-verified').waitFor({ timeout: 120_000 });
            return 'POST /verifyContract proved the source';
          },
          'xstate.error.actor.verify': async () => {
            w.expectVerifyError = DEPLOY_TEXTS.notVerified.replace('{reason}', 'Failed to fetch');
            await page.getByText(w.expectVerifyError).waitFor({ timeout: 120_000 });
            await net.up();
            return 'offline: the verification was not sent; back online after';
          },
          ...copyActions(pp, path, clipboard, w),
        },
        deployChecks(pp, w, { form, deployButton, unlock, radio, product }),
      );
      const allowed = expectedProblem(net, /HTTP 4\d\d POST .*\/api\/(compileContract|sendrawtransaction|preparetx)|status of 4\d\d/);
      const unexpected = pp.problems.filter((p) => !allowed(p));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      if (net.offline) await pp.offline(false).catch(() => undefined);
      await clipboard.detach();
      await pp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
