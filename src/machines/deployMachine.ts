/**
 * The deploy form's flow (docs/decisions.md#spec-states): idle → deploying (button disabled) →
 * deployed (address shown, 'Contract deployed successfully') or failed. Validation
 * (docs/decisions.md#spec-validation): file, name, type and (for the pasted-key signer) the key
 * all required, else 'Please fill in all fields.'; a compile refusal reads 'Error uploading file:
 * {reason}' (docs/decisions.md#spec-errors).
 *
 *   detecting → idle --deploy.submit--> deploying:
 *     compiling (POST /compileContract, no key) → unlocking (web wallet, key not held) → connecting
 *     → sending (signed in the browser) → pending (mined) → verifying (POST /verifyContract)
 *   → deployed (ready ⇄ copying) | failed
 *
 * Signers: the signed-in user's web wallet (keystore opened in the browser, as
 * Send does: features/wallet/contractSigner.ts), an injected EIP-1193 wallet
 * (sections/contract/injectedWallet.ts), or a pasted private key, used in the browser only. No
 * key ever leaves the browser. The network work is named actors, provided by the app
 * (src/app/actors/deploy.ts, loaded on demand) or by a test (machine.provide).
 */
import { assign, setup } from 'xstate';
import { fillMessage, MESSAGES } from '../../common/spec';
import { DEPLOY_MACHINE_TEXTS } from './deployTexts';
import { localizeServerMessage } from '../lib/serverMessages';
import { notProvided } from './notProvided';
import {
  EMPTY,
  RESULT_CLEARED,
  PasswordNeededError,
  UploadError,
  type CompileInput,
  type Compiled,
  type ConnectInput,
  type DeployEvent,
  type DeployContext,
  type DeploySigners,
  type MinedCreation,
  type SendInput,
  type VerifyInput,
} from './deployTypes';

export * from './deployTypes';

function uploadErrorText(err: unknown): string {
  const reason = err instanceof UploadError && err.message.trim() !== '' ? err.message : DEPLOY_MACHINE_TEXTS.noResponse;
  return DEPLOY_MACHINE_TEXTS.uploadError(localizeServerMessage(reason));
}

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

const errorOf = (event: unknown): unknown => (event as { error?: unknown }).error;

export const deployMachine = setup({
  types: { context: {} as DeployContext, events: {} as DeployEvent },
  actors: {
    detect: notProvided<DeploySigners>('detect'),
    compile: notProvided<Compiled, CompileInput>('compile'),
    connect: notProvided<string, ConnectInput>('connect'),
    send: notProvided<string, SendInput>('send'),
    waitDeployed: notProvided<MinedCreation, string>('waitDeployed'),
    verify: notProvided<void, VerifyInput>('verify'),
    copyAddress: notProvided<void, string>('copyAddress'),
  },
  guards: {
    allFilled: ({ context: c }) =>
      c.file !== null && c.contractName.trim() !== '' && c.contractType !== '' && (c.signer !== 'key' || c.privateKey.trim() !== ''),
    needsPassword: ({ context: c }) => c.signer === 'web' && c.signers.web?.unlocked === false,
    passwordEmpty: ({ context: c }) => c.password === '',
    passwordNeeded: ({ event }) => (event as { error?: unknown }).error instanceof PasswordNeededError,
    created: ({ event }) => {
      const out = (event as { output?: MinedCreation }).output;
      return out?.status === 1 && typeof out.contractAddress === 'string' && out.contractAddress !== '';
    },
    // A choice exists only beside a detected wallet (the key alone needs no choosing).
    signerAvailable: ({ context: c, event }) =>
      event.type === 'signer.choose' &&
      (event.signer === 'web'
        ? c.signers.web !== null
        : event.signer === 'injected'
          ? c.signers.injected
          : c.signers.web !== null || c.signers.injected),
  },
  actions: {
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      const value = event.field === 'contractType' ? (event.value === 'RBC20' || event.value === 'DApp' ? event.value : '') : event.value;
      return { ...context, [event.field]: value, error: null };
    }),
    setFile: assign(({ event }) => (event.type === 'file.select' ? { file: event.file, code: event.code, error: null } : {})),
    setSigner: assign(({ event }) => (event.type === 'signer.choose' ? { signer: event.signer, error: null } : {})),
    requireAll: assign({ error: () => MESSAGES.deployFillAll }),
    compileFailed: assign(({ event }) => ({ error: uploadErrorText(errorOf(event)), password: '' })),
    stepFailed: assign(({ event }) => ({ error: reasonOf(errorOf(event)), password: '' })),
  },
}).createMachine({
  id: 'deploy',
  initial: 'detecting',
  context: EMPTY,
  states: {
    detecting: {
      invoke: {
        id: 'detect',
        src: 'detect',
        onDone: {
          target: 'idle',
          actions: assign(({ event }) => ({
            signers: event.output,
            signer: event.output.web ? ('web' as const) : event.output.injected ? ('injected' as const) : ('key' as const),
          })),
        },
        onError: 'idle',
      },
      // The form is usable at once: what is typed while the wallets are looked for is kept.
      on: { 'field.change': { actions: 'setField' }, 'file.select': { actions: 'setFile' } },
    },
    idle: {
      on: {
        'field.change': { actions: 'setField' },
        'file.select': { actions: 'setFile' },
        'signer.choose': { guard: 'signerAvailable', actions: 'setSigner' },
        'deploy.submit': [{ guard: 'allFilled', target: 'deploying' }, { actions: 'requireAll' }],
      },
    },
    deploying: {
      initial: 'compiling',
      entry: assign(RESULT_CLEARED),
      states: {
        compiling: {
          invoke: {
            id: 'compile',
            src: 'compile',
            // allFilled guarantees the file and the type; the casts only tell the type checker.
            input: ({ context: c }): CompileInput => ({
              file: c.file as File,
              contractName: c.contractName.trim(),
              contractType: c.contractType as CompileInput['contractType'],
            }),
            onDone: [
              { guard: 'needsPassword', target: 'unlocking', actions: assign(({ event }) => ({ compiled: event.output })) },
              { target: 'connecting', actions: assign(({ event }) => ({ compiled: event.output })) },
            ],
            onError: { target: '#deploy.failed', actions: 'compileFailed' },
          },
        },
        unlocking: {
          on: {
            'password.change': { actions: assign(({ event }) => ({ password: event.value, error: null })) },
            'unlock.submit': [
              { guard: 'passwordEmpty', actions: assign({ error: () => DEPLOY_MACHINE_TEXTS.passwordEmpty }) },
              { target: 'connecting' },
            ],
            'deploy.cancel': { target: '#deploy.idle', actions: assign({ password: '', error: null }) },
          },
        },
        connecting: {
          invoke: {
            id: 'connect',
            src: 'connect',
            input: ({ context: c }): ConnectInput => ({
              signer: c.signer,
              email: c.signers.web?.email ?? null,
              password: c.password || null,
              privateKey: c.privateKey.trim(),
            }),
            onDone: {
              target: 'sending',
              actions: assign(({ context: c, event }) => ({
                from: event.output,
                password: '',
                error: null,
                signers: c.signer === 'web' && c.signers.web ? { ...c.signers, web: { ...c.signers.web, unlocked: true } } : c.signers,
              })),
            },
            onError: [
              {
                guard: 'passwordNeeded',
                target: 'unlocking',
                actions: assign(({ event }) => ({ password: '', error: reasonOf(event.error) })),
              },
              { target: '#deploy.failed', actions: 'stepFailed' },
            ],
          },
        },
        sending: {
          invoke: {
            id: 'send',
            src: 'send',
            input: ({ context: c }): SendInput => ({
              signer: c.signer,
              email: c.signers.web?.email ?? null,
              from: c.from ?? '',
              privateKey: c.privateKey.trim(),
              data: c.compiled?.data ?? '0x',
            }),
            onDone: { target: 'pending', actions: assign(({ event }) => ({ transactionHash: event.output })) },
            onError: { target: '#deploy.failed', actions: 'stepFailed' },
          },
        },
        pending: {
          invoke: {
            id: 'waitDeployed',
            src: 'waitDeployed',
            input: ({ context: c }) => c.transactionHash ?? '',
            onDone: [
              // The key is used once: forgotten as soon as the contract exists.
              {
                guard: 'created',
                target: 'verifying',
                actions: assign(({ event }) => ({ contractAddress: event.output.contractAddress, privateKey: '' })),
              },
              {
                target: '#deploy.failed',
                actions: assign({ error: () => DEPLOY_MACHINE_TEXTS.reverted }),
              },
            ],
            onError: { target: '#deploy.failed', actions: 'stepFailed' },
          },
        },
        verifying: {
          invoke: {
            id: 'verify',
            src: 'verify',
            input: ({ context: c }): VerifyInput => ({
              address: c.contractAddress ?? '',
              transactionHash: c.transactionHash ?? '',
              compiled: c.compiled as Compiled,
            }),
            onDone: { target: '#deploy.deployed', actions: assign({ verified: true }) },
            // Deployed all the same: the page says why the source is not published yet.
            onError: { target: '#deploy.deployed', actions: assign(({ event }) => ({ verifyError: reasonOf(event.error) })) },
          },
        },
      },
    },
    deployed: {
      initial: 'ready',
      on: { 'deploy.again': { target: 'idle', actions: assign(RESULT_CLEARED) } },
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
        'signer.choose': { target: 'idle', guard: 'signerAvailable', actions: 'setSigner' },
        // Every field was filled to get here and any edit goes back to idle, so a retry needs no check.
        'deploy.submit': 'deploying',
      },
    },
  },
});
