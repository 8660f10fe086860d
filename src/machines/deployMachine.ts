/**
 * The deploy form's flow (docs/decisions.md#spec-states): idle → deploying (button disabled) → deployed (address
 * shown, 'Contract deployed successfully') or failed. Validation (docs/decisions.md#spec-validation): file, name, key and
 * type all required, else 'Please fill in all fields.'; success needs a contractAddress in the
 * answer, else the user sees 'Error uploading file: No response from server.' (docs/decisions.md#spec-errors).
 *
 * Network and clipboard work are the named actors `upload` and `copyAddress`; the screen provides
 * them (deployUpload.ts, the clipboard) and tests swap them with machine.provide().
 */
import { assign, fromPromise, setup } from 'xstate';
import { fillMessage, MESSAGES } from '../../common/spec';

export type DeployContractType = '' | 'RBC20' | 'DApp';

export interface DeployFields {
  contractName: string;
  privateKey: string;
  contractType: DeployContractType;
}

export interface DeployContext extends DeployFields {
  file: File | null;
  /** The chosen file's text, shown as the code preview. */
  code: string;
  error: string | null;
  contractAddress: string | null;
  transactionHash: string | null;
  copyError: string | null;
}

export interface UploadInput extends DeployFields {
  file: File;
}

/** What the server answered: contractAddress may be missing (then the deploy failed). */
export interface UploadOutput {
  contractAddress?: string | null;
  transactionHash?: string | null;
}

export type DeployEvent =
  | { type: 'field.change'; field: keyof DeployFields; value: string }
  | { type: 'file.select'; file: File | null; code: string }
  | { type: 'deploy.submit' }
  | { type: 'address.copy' }
  | { type: 'deploy.again' };

/** An upload failure whose message the user should read ("Error uploading file: {message}"). */
export class UploadError extends Error {}

function uploadErrorText(err: unknown): string {
  const reason = err instanceof UploadError && err.message.trim() !== '' ? err.message : 'No response from server.';
  return `Error uploading file: ${reason}`;
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

const EMPTY: DeployContext = {
  contractName: '',
  privateKey: '',
  contractType: '',
  file: null,
  code: '',
  error: null,
  contractAddress: null,
  transactionHash: null,
  copyError: null,
};

export const deployMachine = setup({
  types: {
    context: {} as DeployContext,
    events: {} as DeployEvent,
  },
  actors: {
    upload: fromPromise<UploadOutput, UploadInput>(() => Promise.reject(new Error('upload actor not provided'))),
    copyAddress: fromPromise<void, string>(() => Promise.reject(new Error('copyAddress actor not provided'))),
  },
  guards: {
    allFilled: ({ context: c }) => c.file !== null && c.contractName.trim() !== '' && c.privateKey.trim() !== '' && c.contractType !== '',
    hasAddress: ({ event }) => {
      const out = (event as { output?: UploadOutput }).output;
      return typeof out?.contractAddress === 'string' && out.contractAddress !== '';
    },
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const value = event.field === 'contractType' ? (event.value === 'RBC20' || event.value === 'DApp' ? event.value : '') : event.value;
      return { ...context, [event.field]: value, error: null };
    }),
    setFile: assign(({ event }) => (event.type === 'file.select' ? { file: event.file, code: event.code, error: null } : {})),
    requireAll: assign({ error: MESSAGES.deployFillAll }),
  },
}).createMachine({
  id: 'deploy',
  initial: 'idle',
  context: EMPTY,
  states: {
    idle: {
      on: {
        'field.change': { actions: 'setField' },
        'file.select': { actions: 'setFile' },
        'deploy.submit': [{ guard: 'allFilled', target: 'deploying' }, { actions: 'requireAll' }],
      },
    },
    deploying: {
      entry: assign({ error: null, contractAddress: null, transactionHash: null, copyError: null }),
      invoke: {
        id: 'upload',
        src: 'upload',
        // allFilled guarantees the file; the cast only tells the type checker.
        input: ({ context: c }) => ({
          contractName: c.contractName.trim(),
          privateKey: c.privateKey.trim(),
          contractType: c.contractType,
          file: c.file as File,
        }),
        onDone: [
          {
            guard: 'hasAddress',
            target: 'deployed',
            // The key is used once: forgotten as soon as the deploy succeeded.
            actions: assign(({ event }) => ({
              contractAddress: event.output.contractAddress ?? null,
              transactionHash: event.output.transactionHash ?? null,
              privateKey: '',
            })),
          },
          // MESSAGES.deployNoAddress is what the old client raised here; the user reads the upload error.
          { target: 'failed', actions: assign({ error: uploadErrorText(new Error(MESSAGES.deployNoAddress)) }) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: uploadErrorText(event.error) })) },
      },
    },
    deployed: {
      initial: 'ready',
      on: { 'deploy.again': { target: 'idle', actions: assign({ contractAddress: null, transactionHash: null, copyError: null }) } },
      states: {
        ready: { on: { 'address.copy': 'copying' } },
        copying: {
          invoke: {
            id: 'copyAddress',
            src: 'copyAddress',
            input: ({ context }) => context.contractAddress ?? '',
            onDone: { target: 'ready', actions: assign({ copyError: null }) },
            onError: {
              target: 'ready',
              actions: assign(({ event }) => ({ copyError: fillMessage(MESSAGES.deployCopyFailed, { reason: reasonOf(event.error) }) })),
            },
          },
        },
      },
    },
    failed: {
      on: {
        'field.change': { target: 'idle', actions: 'setField' },
        'file.select': { target: 'idle', actions: 'setFile' },
        // Every field was filled to get here (deploying needs them) and any edit goes back to
        // idle, so a retry needs no check.
        'deploy.submit': 'deploying',
      },
    },
  },
});
