/**
 * The Verify & Publish flow: editing (single file, multi-file upload or standard JSON;
 * compiler version, optimizer, runs, EVM version) → submitting (the standard JSON built in the
 * browser, sent to Sourcify's v2 API: POST /v2/verify/{chainId}/{address} → verificationId) →
 * polling (GET /v2/verify/{verificationId}) ⇄ waiting, until the job is completed → verified
 * (match levels) or failed (the server's message, naming the part that differed). A failure can
 * be retried as it is or edited. A form with a problem goes to `invalid`, which shows it.
 *
 * Network work is the named actors `submit` and `poll`; the page provides them
 * (features/verify/verifyClient.ts) and tests swap them with machine.provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  claimedArgs,
  verifyProblem,
  verifyRequest,
  VERIFY_INPUT_TEXTS,
  type SourceFile,
  type VerifyForm,
  type VerifyInputKind,
  type VerifyRequestBody,
} from '../lib/verifyInput';

/** How long the page waits between two polls of the job. */
export const POLL_INTERVAL_MS = 1000;

export type MatchLevel = 'exact_match' | 'match' | null;

/** A verification job as GET /v2/verify/{verificationId} answers it (Sourcify's field names). */
export interface VerifyJob {
  isJobCompleted: boolean;
  verificationId: string;
  contract?: { match: MatchLevel; creationMatch: MatchLevel; runtimeMatch: MatchLevel; chainId?: string; address?: string };
  error?: { customCode: string; message: string };
}

export interface SubmitInput {
  address: string;
  body: VerifyRequestBody;
  /** Constructor arguments the caller claims (hex, no 0x), checked against the chain's; null = the chain's. */
  constructorArgs: string | null;
}

export type VerifyTextField = 'fileName' | 'source' | 'json' | 'contract' | 'compilerVersion' | 'runs' | 'evmVersion' | 'constructorArgs';

export type VerifyEvent =
  | { type: 'field.change'; field: VerifyTextField; value: string }
  | { type: 'optimizer.set'; value: boolean }
  | { type: 'kind.select'; kind: VerifyInputKind }
  | { type: 'files.set'; files: SourceFile[] }
  | { type: 'verify.submit' }
  | { type: 'verify.retry' }
  | { type: 'verify.edit' };

export interface VerifyContext {
  address: string;
  form: VerifyForm;
  /** The form's problem (invalid) or why the verification failed (failed). */
  message: string | null;
  /** Sourcify's error code of a failed job or refused request (e.g. no_match, already_verified). */
  code: string | null;
  verificationId: string | null;
  job: VerifyJob | null;
  polls: number;
}

/** A refused request: the API's message and code, shown as they are. */
export class VerifyRequestError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'VerifyRequestError';
  }
}

export const EMPTY_FORM: VerifyForm = {
  kind: 'single',
  fileName: 'Contract.sol',
  source: '',
  files: [],
  json: '',
  contract: '',
  compilerVersion: '',
  optimizer: false,
  runs: '200',
  evmVersion: '',
  constructorArgs: '',
};

function failureOf(err: unknown): { message: string; code: string | null } {
  if (err instanceof VerifyRequestError) return { message: err.message, code: err.code };
  return { message: VERIFY_INPUT_TEXTS.noAnswer, code: null };
}

const completed = (job: VerifyJob) => job.isJobCompleted;
const verifiedJob = (job: VerifyJob) => job.isJobCompleted && !job.error && (job.contract?.match ?? null) !== null;

const edit = (form: VerifyForm, event: VerifyEvent): VerifyForm => {
  switch (event.type) {
    case 'field.change':
      return { ...form, [event.field]: event.value };
    case 'optimizer.set':
      return { ...form, optimizer: event.value };
    case 'kind.select':
      return { ...form, kind: event.kind, contract: '' };
    case 'files.set':
      return { ...form, files: event.files, contract: '' };
    default:
      return form;
  }
};

const EDITS = ['field.change', 'optimizer.set', 'kind.select', 'files.set'] as const;

export const verifyMachine = setup({
  types: { context: {} as VerifyContext, events: {} as VerifyEvent, input: {} as { address: string; form?: Partial<VerifyForm> } },
  actors: {
    submit: fromPromise<{ verificationId: string }, SubmitInput>(() => Promise.reject(new Error('submit actor not provided'))),
    poll: fromPromise<VerifyJob, string>(() => Promise.reject(new Error('poll actor not provided'))),
  },
  guards: {
    formInvalid: ({ context }) => verifyProblem(context.form) !== null,
    jobVerified: ({ event }) => verifiedJob((event as unknown as { output: VerifyJob }).output),
    jobFailed: ({ event }) => completed((event as unknown as { output: VerifyJob }).output),
  },
  actions: {
    edit: assign(({ context, event }) => ({ form: edit(context.form, event), message: null, code: null })),
  },
}).createMachine({
  id: 'verify',
  context: ({ input }) => ({
    address: input.address,
    form: { ...EMPTY_FORM, ...input.form },
    message: null,
    code: null,
    verificationId: null,
    job: null,
    polls: 0,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        ...Object.fromEntries(EDITS.map((e) => [e, { actions: 'edit' }])),
        'verify.submit': [{ guard: 'formInvalid', target: 'invalid' }, { target: 'submitting' }],
      },
    },
    invalid: {
      entry: assign(({ context }) => ({ message: verifyProblem(context.form) })),
      on: Object.fromEntries(EDITS.map((e) => [e, { target: 'editing', actions: 'edit' }])),
    },
    submitting: {
      entry: assign({ message: null, code: null, job: null, verificationId: null, polls: 0 }),
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({
          address: context.address,
          body: verifyRequest(context.form),
          constructorArgs: claimedArgs(context.form),
        }),
        onDone: { target: 'polling', actions: assign(({ event }) => ({ verificationId: event.output.verificationId })) },
        onError: { target: 'failed', actions: assign(({ event }) => failureOf(event.error)) },
      },
    },
    polling: {
      invoke: {
        id: 'poll',
        src: 'poll',
        input: ({ context }) => context.verificationId ?? '',
        onDone: [
          { guard: 'jobVerified', target: 'verified', actions: assign(({ event }) => ({ job: event.output })) },
          {
            guard: 'jobFailed',
            target: 'failed',
            actions: assign(({ event }) => ({
              job: event.output,
              message: event.output.error?.message ?? VERIFY_INPUT_TEXTS.noAnswer,
              code: event.output.error?.customCode ?? null,
            })),
          },
          { target: 'waiting', actions: assign(({ context, event }) => ({ job: event.output, polls: context.polls + 1 })) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => failureOf(event.error)) },
      },
    },
    waiting: { after: { [POLL_INTERVAL_MS]: 'polling' } },
    verified: { type: 'final' },
    failed: {
      on: {
        'verify.retry': 'submitting',
        // The form's button after a failure. The form is valid here (submitting needed it, and any
        // edit leaves this state), so no check.
        'verify.submit': 'submitting',
        'verify.edit': { target: 'editing', actions: assign({ message: null, code: null }) },
        ...Object.fromEntries(EDITS.map((e) => [e, { target: 'editing', actions: 'edit' }])),
      },
    },
  },
});
