/**
 * The verify machine's generated paths on /VerifyContract/<address> against the real server's
 * Sourcify API and the devnet. The contract at the address is chosen by the outcome the path's
 * first submit leads to (verifyContracts.ts): a contract built from the very form the path
 * submits (verified; a job still running at its first poll, the compile taking longer than the
 * page's first poll), one built with the optimizer flipped (no_match), one already verified
 * through the API (the 409 refusal), a network drop after the request was taken (chromium's
 * offline mode: the poll does not answer). The model's compiler 0.8.20 is the server's bundled
 * solc here (the only one a test can count on without a download); its uploaded files are real
 * file uploads.
 */
import type { Response } from 'playwright-core';
import { patterns } from '../../../../common/api/paths';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { FAILURE_PARTS, VERIFY_TEXTS } from '../../../../src/features/verify/texts';
import { verifyProblem, type VerifyForm } from '../../../../src/lib/verifyInput';
import { EMPTY_FORM, POLL_INTERVAL_MS, verifyMachine, type VerifyContext } from '../../../../src/machines/verifyMachine';
import { NOT_MATCHING, RUNNING, SOURCE, VERIFIED, verifyPaths } from '../../../machines/models/verify';
import type { PathLike } from '../../../machines/coverage';
import type { RunningProduct } from '../../../helpers/product';
import { eventually, openPathPage } from '../page';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';
import { BUNDLED, deployForm, verifyThroughApi } from '../verifyContracts';

/** '/sourcify/v2/verify/': the submission and its job both start so (the registry's pattern, not retyped). */
const JOB_PATH_PREFIX = patterns.sourcifyJob.replace(':verificationId', '');

type Setup = 'match' | 'mismatch' | 'verified' | 'offline' | 'any';
const NO_ANSWER = 'The verification service did not answer. Please try again.';
const form = (s: AnyMachineSnapshot) => (s.context as VerifyContext).form;

/** What the contract at the address must be for the path's first submit (see the file comment). */
function setupOf(path: PathLike): { setup: Setup; form: VerifyForm | null } {
  const at = path.steps.findIndex((s) => s.event.type.startsWith('xstate.') && s.event.type.includes('.actor.submit'));
  if (at < 0) return { setup: 'any', form: null };
  const submitted = form(path.steps[at - 1]?.state as AnyMachineSnapshot);
  if (path.steps[at]?.event.type === 'xstate.error.actor.submit') return { setup: 'verified', form: submitted };
  const poll = path.steps[at + 1]?.event as (AnyEventObject & { output?: unknown }) | undefined;
  if (poll?.type === 'xstate.error.actor.poll') return { setup: 'offline', form: submitted };
  if (poll?.output === NOT_MATCHING) return { setup: 'mismatch', form: submitted };
  return { setup: 'match', form: submitted };
}

/** Contracts shared between paths where the machine allows (one already verified, one never submitted). */
const shared = new Map<string, Promise<string>>();
function contractFor(product: RunningProduct, setup: Setup, f: VerifyForm | null): Promise<string> {
  const once = (key: string, make: () => Promise<string>) => {
    if (!shared.has(`${product.url} ${key}`)) shared.set(`${product.url} ${key}`, make());
    return shared.get(`${product.url} ${key}`) as Promise<string>;
  };
  // A path that submits nothing: any unverified contract (the model's single file).
  const body = f ?? { ...EMPTY_FORM, source: SOURCE, compilerVersion: BUNDLED };
  if (setup === 'any') return once('any', () => deployForm(product, body));
  if (setup === 'verified')
    return once(`verified ${JSON.stringify(body)}`, async () => {
      const address = await deployForm(product, body);
      await verifyThroughApi(product, address, body);
      return address;
    });
  return deployForm(product, body, setup === 'mismatch');
}

export const verifyWalker: MachineWalker = {
  machine: verifyMachine,
  paths: verifyPaths,
  async walk({ browser, product }, path) {
    const { setup, form: submitted } = setupOf(path);
    const address = await contractFor(product, setup, submitted);
    const pp = await openPathPage(browser);
    const { page } = pp;
    const posts: Response[] = [];
    const jobs: { completed: boolean }[] = [];
    page.on('response', (r) => {
      const u = new URL(r.url()).pathname;
      if (!u.includes(JOB_PATH_PREFIX)) return;
      if (r.request().method() === 'POST') posts.push(r);
      else
        void r
          .json()
          .then((j: { isJobCompleted?: boolean }) => jobs.push({ completed: j.isJobCompleted === true }))
          .catch(() => undefined);
    });
    const submitButton = page.getByRole('button', { name: new RegExp(`^(${VERIFY_TEXTS.submit}|${VERIFY_TEXTS.busy})$`) });
    const alerts = page.getByRole('alert');
    let offline = false;
    try {
      await page.goto(`${product.url}/VerifyContract/${address}`);
      await page.getByText(VERIFY_TEXTS.compilerHint, { exact: false }).waitFor({ timeout: 30_000 });
      const retype = async (label: string, value: string) => {
        const box = page.getByLabel(label, { exact: true });
        if ((await box.inputValue()) === value) await box.fill(`${value} `);
        await box.fill(value);
      };
      const rec = await walkPath(
        'verify',
        path,
        {
          'field.change': async (e: AnyEventObject) => {
            if (e.field === 'source') return retype(VERIFY_TEXTS.sourceCode, String(e.value));
            const box = page.getByRole('combobox', { name: VERIFY_TEXTS.compiler });
            await box.fill(BUNDLED);
            // Its list filters as it is typed: ↓ once the bundled solc is offered.
            await page
              .getByRole('option', { name: new RegExp(`^v${BUNDLED.replace(/\./g, '\\.')}\\b`) })
              .first()
              .waitFor();
            await box.press('ArrowDown');
            await box.press('Enter');
            const chosen = await box.inputValue();
            if (!chosen.startsWith(`v${BUNDLED}`)) throw new Error(`the combobox holds '${chosen}'`);
            return `typed ${BUNDLED}, ↓, Enter: ${chosen} (the bundled solc for the model's ${String(e.value)})`;
          },
          'optimizer.set': () => page.getByRole('checkbox', { name: VERIFY_TEXTS.optimizer }).click(),
          'kind.select': (e: AnyEventObject) =>
            page.getByRole('radio', { name: e.kind === 'multi' ? VERIFY_TEXTS.kindMulti : VERIFY_TEXTS.kindSingle }).click(),
          'files.set': async (e: AnyEventObject) => {
            const files = (e.files as { name: string; content: string }[]).map((f) => ({
              name: f.name.split('/').pop() ?? f.name,
              mimeType: 'text/plain',
              buffer: Buffer.from(f.content),
            }));
            await page.getByLabel(VERIFY_TEXTS.files).setInputFiles(files);
            await page.getByText(`${VERIFY_TEXTS.filesChosen}: `, { exact: false }).waitFor();
            return `uploaded ${files.map((f) => f.name).join(', ')}`;
          },
          'verify.submit': async (_e, i) => {
            await pp.clearTrace();
            await submitButton.click();
            if (path.steps[i + 1]?.event.type === 'xstate.done.actor.submit' && setup === 'offline')
              return 'then offline once the request is taken';
          },
          'verify.retry': async () => {
            await pp.clearTrace();
            await page.getByRole('button', { name: VERIFY_TEXTS.retry }).click();
          },
          'verify.edit': () => page.getByRole('button', { name: VERIFY_TEXTS.edit }).click(),
          'xstate.done.actor.submit': async (_e, i) => {
            await eventually(async () => posts.some((r) => r.status() === 202), 'the server taking the request (202)', 30_000);
            if (path.steps[i + 1]?.event.type === 'xstate.error.actor.poll') {
              await pp.offline(true);
              offline = true;
              return "the server took it (202); chromium's network then switched off";
            }
            return 'the server took it (202)';
          },
          'xstate.error.actor.submit': async () => {
            await eventually(async () => posts.some((r) => r.status() === 409), 'the server refusing it (409)', 30_000);
            return 'the server refused it (409 already_verified)';
          },
          'xstate.done.actor.poll': async (e: AnyEventObject) => {
            if (e.output === RUNNING) {
              await eventually(async () => jobs.some((j) => !j.completed), 'a job not yet completed', 30_000);
              return 'the job was still compiling at the first poll';
            }
            const heading = e.output === VERIFIED ? VERIFY_TEXTS.verified : VERIFY_TEXTS.failed;
            await page.getByRole('heading', { name: heading }).waitFor({ timeout: 120_000 });
            return e.output === VERIFIED ? 'the job completed: verified' : 'the job completed: no_match (built with the optimizer flipped)';
          },
          'xstate.error.actor.poll': async () => {
            await page.getByRole('heading', { name: VERIFY_TEXTS.failed }).waitFor({ timeout: 30_000 });
            await pp.offline(false);
            offline = false;
            return 'the poll did not answer (offline); back online after';
          },
          [`xstate.after.${POLL_INTERVAL_MS}.verify.waiting`]: async () => {
            const before = jobs.length;
            await eventually(async () => jobs.length > before, 'the next poll', 30_000);
            return `the page polled again after ${POLL_INTERVAL_MS} ms`;
          },
        },
        {
          editing: async () => {
            await eventually(async () => (await submitButton.textContent()) === VERIFY_TEXTS.submit, 'Verify and publish');
            if (await submitButton.isDisabled()) throw new Error('the submit button is disabled');
            if ((await alerts.count()) > 0) throw new Error(`alerts: ${(await alerts.allTextContents()).join(' | ')}`);
          },
          invalid: async (s) => {
            const want = verifyProblem(form(s)) ?? '';
            await alerts.filter({ hasText: want }).first().waitFor();
          },
          submitting: async () => {
            await eventually(
              () => pp.sawTogether(VERIFY_TEXTS.submitting, `[disabled:${VERIFY_TEXTS.busy}]`),
              'the busy button and status',
            );
          },
          polling: async () => {
            await eventually(() => pp.sawTogether(VERIFY_TEXTS.polling), 'the polling status');
          },
          waiting: async () => {
            await eventually(() => pp.sawTogether(VERIFY_TEXTS.polling, `[disabled:${VERIFY_TEXTS.busy}]`), 'the polling status');
          },
          verified: async () => {
            await page.getByRole('heading', { name: VERIFY_TEXTS.verified }).waitFor();
            await page.getByRole('link', { name: VERIFY_TEXTS.viewContract }).waitFor();
          },
          failed: async (s) => {
            const c = s.context as VerifyContext;
            await page.getByRole('heading', { name: VERIFY_TEXTS.failed }).waitFor();
            const text = (await alerts.allTextContents()).join(' ');
            const want = c.code ? (FAILURE_PARTS[c.code] ?? '') : NO_ANSWER;
            if (!text.includes(want)) throw new Error(`the alerts '${text}' lack '${want}'`);
            await eventually(async () => !(await submitButton.isDisabled()), 'the submit button enabled again');
          },
        },
      );
      const allowed = (p: string) =>
        (setup === 'verified' && /HTTP 409 POST|status of 409/.test(p)) ||
        (setup === 'offline' && /ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(p));
      const unexpected = pp.problems.filter((p) => !allowed(p));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      if (offline) await pp.offline(false).catch(() => undefined);
      await pp.close();
    }
  },
};
