/**
 * verifyMachine, model-based, on the rendered Verify & Publish page: every shortest path to each
 * transition is replayed with user events (typing the source, choosing the compiler in the
 * combobox, the optimizer box, the input kind, a multi-file upload, the buttons), and Sourcify's
 * v2 API answered at the fetch edge when the path says so (202 with a verificationId, a 409
 * refusal, a dropped connection; a job completed with a match, with a no_match error, not yet
 * completed). The page's real client (verifyClient.ts) makes the requests: the test checks their
 * paths and bodies. 100 % state and transition coverage.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toChecksumHexAddress } from '../../common/address';
import { paths as relPaths } from '../../common/api/paths';
import { EVM_VERSION_NAMES } from '../../common/evmVersions';
import { FAILURE_PARTS, MATCH_TEXTS, VERIFY_TEXTS } from '../../src/features/verify/texts';
import { VerifyContractPage } from '../../src/features/verify/VerifyContractPage';
import { verifyProblem, verifyRequest } from '../../src/lib/verifyInput';
import { POLL_INTERVAL_MS, VerifyRequestError, verifyMachine, type VerifyContext } from '../../src/machines/verifyMachine';
import { mockFetch, ok, type Reply } from '../helpers/fetchMock';
import { renderWithProviders } from '../src/utils/renderWithProviders';
import { pathCoverage, reportCoverage } from './coverage';
import { ADDRESS, CHAIN_ID, COMPILER, JOB_ID, NO_MATCH, REFUSED, verifyPaths } from './models/verify';

const OPTIONS = {
  chainId: CHAIN_ID,
  compilers: [
    { name: 'v0.8.37', version: '0.8.37', source: 'bundled' },
    { name: COMPILER, version: '0.8.20', source: 'release' },
    { name: 'v0.7.6+commit.7338295f', version: '0.7.6', source: 'release' },
  ],
  releasesListed: true,
  evmVersions: [...EVM_VERSION_NAMES],
};

const paths = verifyPaths();

interface Held {
  method: string;
  path: string;
  answer: (reply: Reply | Error) => void;
}

describe('verifyMachine paths on the Verify & Publish page', () => {
  let held: Held[] = [];
  let requests: { method: string; path: string; body: unknown }[] = [];

  beforeEach(() => {
    held = [];
    const hold = (path: string, req: { method: string }) =>
      new Promise<Reply>((resolve, reject) => {
        held.push({ method: req.method, path, answer: (r) => (r instanceof Error ? reject(r) : resolve(r)) });
      });
    requests = mockFetch([
      [/^\/verify\/options$/, ok(OPTIONS)],
      [/^\/getContractDetail\//, 'pending'],
      [/^\/sourcify\/v2\/verify\//, hold],
    ]).requests;
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  afterAll(() => reportCoverage(pathCoverage(verifyMachine, paths)));

  it('covers every state and transition', () => {
    const cov = pathCoverage(verifyMachine, paths);
    expect(cov.coveredStates).toEqual(cov.states);
    expect(cov.coveredTransitions).toEqual(cov.transitions);
  });

  async function answer(method: string, reply: Reply | Error) {
    await waitFor(() => expect(held.filter((h) => h.method === method)).toHaveLength(1));
    const i = held.findIndex((h) => h.method === method);
    const [h] = held.splice(i, 1);
    await act(async () => h?.answer(reply));
  }
  const submitButton = () => screen.getByRole('button', { name: new RegExp(`^(${VERIFY_TEXTS.submit}|${VERIFY_TEXTS.busy})$`) });
  const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent ?? '');
  const status = () => document.querySelector('.verify-status__progress')?.textContent;

  for (const path of paths) {
    it(
      path.description,
      async () => {
        renderWithProviders(<VerifyContractPage address={ADDRESS} />, { path: `/VerifyContract/${ADDRESS}` });
        // The compiler list has arrived (the combobox offers it).
        await screen.findByText(VERIFY_TEXTS.compilerHint, { exact: false });

        type Exec = (step: { event: Record<string, unknown> & { type: string } }) => unknown;
        const retype = (box: HTMLElement, value: string) => {
          // The same value again fires no change in a browser: retype it (the machine ends the same).
          if ((box as HTMLInputElement).value === value) fireEvent.change(box, { target: { value: `${value} ` } });
          fireEvent.change(box, { target: { value } });
        };
        const executors: Record<string, Exec> = {
          'field.change': ({ event }) => {
            if (event.field === 'source') return retype(screen.getByLabelText(VERIFY_TEXTS.sourceCode), String(event.value));
            // The compiler: typed into the combobox, then taken from its list by keyboard.
            const box = screen.getByRole('combobox', { name: VERIFY_TEXTS.compiler });
            fireEvent.focus(box);
            retype(box, '0.8.20');
            fireEvent.keyDown(box, { key: 'ArrowDown' });
            fireEvent.keyDown(box, { key: 'ArrowUp' });
            fireEvent.keyDown(box, { key: 'Enter' });
            expect(box).toHaveValue(String(event.value));
          },
          'optimizer.set': () => void fireEvent.click(screen.getByRole('checkbox', { name: VERIFY_TEXTS.optimizer })),
          'kind.select': ({ event }) =>
            void fireEvent.click(
              screen.getByRole('radio', { name: event.kind === 'multi' ? VERIFY_TEXTS.kindMulti : VERIFY_TEXTS.kindSingle }),
            ),
          'files.set': async ({ event }) => {
            const files = (event.files as { name: string; content: string }[]).map((f) => new File([f.content], f.name));
            fireEvent.change(screen.getByLabelText(VERIFY_TEXTS.files), { target: { files } });
            await screen.findByText(`${VERIFY_TEXTS.filesChosen}: ${files.map((f) => f.name).join(', ')}`);
          },
          'verify.submit': () => void fireEvent.click(submitButton()),
          'verify.retry': () => void fireEvent.click(screen.getByRole('button', { name: VERIFY_TEXTS.retry })),
          'verify.edit': () => void fireEvent.click(screen.getByRole('button', { name: VERIFY_TEXTS.edit })),
          'xstate.done.actor.submit': ({ event }) => answer('POST', { status: 202, body: event.output }),
          'xstate.error.actor.submit': ({ event }) =>
            answer(
              'POST',
              event.error instanceof VerifyRequestError
                ? { status: 409, body: { customCode: event.error.code, message: event.error.message, errorId: 'e0' } }
                : (event.error as Error),
            ),
          'xstate.done.actor.poll': ({ event }) => answer('GET', { body: event.output }),
          'xstate.error.actor.poll': ({ event }) => answer('GET', event.error as Error),
          [`xstate.after.${POLL_INTERVAL_MS}.verify.waiting`]: () =>
            act(() => new Promise<void>((r) => setTimeout(r, POLL_INTERVAL_MS + 100))),
        };

        const ctx = (s: unknown) => (s as { context: VerifyContext }).context;
        await path.test({
          states: {
            editing: async (s) => {
              await waitFor(() => expect(submitButton()).toHaveTextContent(VERIFY_TEXTS.submit));
              expect(submitButton()).toBeEnabled();
              expect(alerts()).toEqual([]);
              const f = ctx(s).form;
              if (f.kind === 'single') expect(screen.getByLabelText(VERIFY_TEXTS.sourceCode)).toHaveValue(f.source);
              expect(screen.getByRole('combobox', { name: VERIFY_TEXTS.compiler })).toHaveValue(f.compilerVersion);
              expect(screen.getByRole('checkbox', { name: VERIFY_TEXTS.optimizer })).toHaveProperty('checked', f.optimizer);
            },
            invalid: (s) => expect(alerts()).toEqual([verifyProblem(ctx(s).form)]),
            submitting: async (s) => {
              await waitFor(() => expect(status()).toBe(VERIFY_TEXTS.submitting));
              expect(submitButton()).toBeDisabled();
              await waitFor(() => expect(held.filter((h) => h.method === 'POST')).toHaveLength(1));
              const post = requests.filter((r) => r.method === 'POST').at(-1);
              expect(post?.path).toBe(relPaths.sourcifyVerify({ chainId: CHAIN_ID, address: toChecksumHexAddress(ADDRESS) }));
              expect(post?.body).toEqual(verifyRequest(ctx(s).form));
            },
            polling: async () => {
              await waitFor(() => expect(status()).toBe(VERIFY_TEXTS.polling));
              await waitFor(() => expect(held.filter((h) => h.method === 'GET')).toHaveLength(1));
              expect(requests.filter((r) => r.method === 'GET').at(-1)?.path).toBe(relPaths.sourcifyJob(JOB_ID));
            },
            waiting: async () => {
              await waitFor(() => expect(status()).toBe(VERIFY_TEXTS.polling));
              expect(submitButton()).toBeDisabled();
            },
            verified: async () => {
              expect(await screen.findByRole('heading', { name: VERIFY_TEXTS.verified })).toBeInTheDocument();
              expect(screen.getByTestId('creation-match')).toHaveTextContent(MATCH_TEXTS.exact_match);
              expect(screen.getByTestId('runtime-match')).toHaveTextContent(MATCH_TEXTS.match);
              expect(screen.getByRole('link', { name: VERIFY_TEXTS.viewContract })).toHaveAttribute(
                'href',
                `/contractDetail/${ADDRESS}?tab=contract`,
              );
            },
            failed: async (s) => {
              const c = ctx(s);
              await screen.findByRole('heading', { name: VERIFY_TEXTS.failed });
              const text = alerts().join(' ');
              expect(text).toContain(c.message);
              if (c.code) expect(text).toContain(FAILURE_PARTS[c.code]);
              expect([NO_MATCH, REFUSED.message, 'The verification service did not answer. Please try again.']).toContain(c.message);
              expect(submitButton()).toBeEnabled();
            },
          },
          events: executors as unknown as Parameters<(typeof paths)[number]['test']>[0]['events'],
        });
      },
      30_000,
    );
  }
});
