/**
 * One write function of a verified contract (the contract page's Write contract): the typed form,
 * then connect / unlock the signer, estimate, confirm, send, wait until mined.
 *
 *   detecting → editing ⇄ invalid
 *   editing --write.submit--> unlocking (web wallet, key not held) | connecting
 *   unlocking --unlock.submit--> connecting --> estimating --> confirming | reverted (nothing sent)
 *   confirming --write.confirm--> sending --> pending --> mined | minedFailed
 *   any error → failed (the wrong password → unlocking again)
 *
 * Signers, in this order of choice: the signed-in user's web wallet (key decrypted and used in the
 * browser: features/wallet/contractSigner.ts; the password lives in the context only while
 * unlocking), else an injected EIP-1193 wallet (sections/contract/injectedWallet.ts). The network
 * work is named actors, provided by the app (src/app/actors/writeContract.ts, each loaded on
 * demand, so the page opens without ethers) or by a test (machine.provide).
 */
import { assign, setup } from 'xstate';
import { DEPLOY_MACHINE_TEXTS } from './deployTexts';
import { notProvided } from './notProvided';
import type { LogItem } from '../../common/api/logs';
import {
  NO_SIGNER,
  PasswordNeededError,
  formProblems,
  hasProblems,
  values,
  wei,
  type ConnectInput,
  type EstimateInput,
  type EstimateOutput,
  type SendInput,
  type Signers,
  type WriteContext,
  type WriteContractInput,
  type WriteEvent,
} from './writeContractTypes';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Editing the form: from the form itself, and from every end state (the form stays on screen). */
const edits = (target?: 'editing') => ({
  'arg.change': { target, actions: 'edit' as const },
  'arg.unit': { target, actions: 'edit' as const },
  'value.change': { target, actions: 'edit' as const },
  'signer.choose': { target, guard: 'signerAvailable' as const, actions: 'edit' as const },
});
const submit = [
  { guard: 'formInvalid' as const, target: 'invalid' },
  { guard: 'needsPassword' as const, target: 'unlocking', actions: 'clearResult' as const },
  { target: 'connecting', actions: 'clearResult' as const },
];
/**
 * An end state: edit the form again (back to editing), write the same again, or dismiss the result.
 * The form was valid and the signer chosen to get here (an edit leaves the state), so writing again
 * goes straight to the signer; only a failure before the wallet was opened asks for the password.
 */
const ended = (again: 'connect' | 'unlockOrConnect') => ({
  on: {
    ...edits('editing'),
    'write.submit':
      again === 'connect'
        ? { target: 'connecting', actions: 'clearResult' as const }
        : [
            { guard: 'needsPassword' as const, target: 'unlocking', actions: 'clearResult' as const },
            { target: 'connecting', actions: 'clearResult' as const },
          ],
    'write.cancel': { target: 'editing', actions: 'clearMessage' as const },
  },
});

export const writeContractMachine = setup({
  types: { context: {} as WriteContext, events: {} as WriteEvent, input: {} as WriteContractInput },
  actors: {
    detect: notProvided<Signers>('detect'),
    connect: notProvided<string, ConnectInput>('connect'),
    estimate: notProvided<EstimateOutput, EstimateInput>('estimate'),
    send: notProvided<string, SendInput>('send'),
    waitMined: notProvided<{ status: number; logs: LogItem[] }, string>('waitMined'),
  },
  guards: {
    formInvalid: ({ context }) => hasProblems(context) || context.signer === null,
    needsPassword: ({ context }) => context.signer === 'web' && context.signers.web?.unlocked === false,
    signerAvailable: ({ context, event }) =>
      event.type === 'signer.choose' && (event.signer === 'web' ? context.signers.web !== null : context.signers.injected),
    passwordEmpty: ({ context }) => context.password === '',
    passwordNeeded: ({ event }) => (event as { error?: unknown }).error instanceof PasswordNeededError,
    reverted: ({ event }) => 'revert' in (event as unknown as { output: EstimateOutput }).output,
    succeeded: ({ event }) => (event as unknown as { output: { status: number } }).output.status === 1,
  },
  actions: {
    edit: assign(({ context, event }) => {
      switch (event.type) {
        case 'arg.change':
          return { args: context.args.map((v, i) => (i === event.index ? event.value : v)), message: null };
        case 'arg.unit':
          return { units: context.units.map((v, i) => (i === event.index ? event.on : v)), message: null };
        case 'value.change':
          return { value: event.value, message: null };
        case 'signer.choose':
          return { signer: event.signer, message: null };
        default:
          return {};
      }
    }),
    check: assign(({ context }) => ({
      ...formProblems(context),
      message: context.signer === null ? NO_SIGNER : null,
    })),
    clearResult: assign({ hash: null, logs: [], gasLimit: null, maxFeePerGas: null, data: null, message: null }),
    clearMessage: assign({ message: null }),
  },
}).createMachine({
  id: 'writeContract',
  context: ({ input }) => ({
    ...input,
    args: input.fn.inputs.map(() => ''),
    units: input.fn.inputs.map(() => false),
    value: '',
    signers: { web: null, injected: false },
    signer: null,
    password: '',
    fieldErrors: input.fn.inputs.map(() => null),
    valueError: null,
    message: null,
    from: null,
    chainId: null,
    data: null,
    gasLimit: null,
    maxFeePerGas: null,
    hash: null,
    logs: [],
  }),
  initial: 'detecting',
  states: {
    detecting: {
      invoke: {
        id: 'detect',
        src: 'detect',
        onDone: {
          target: 'editing',
          actions: assign(({ event }) => ({
            signers: event.output,
            signer: event.output.web ? ('web' as const) : event.output.injected ? ('injected' as const) : null,
          })),
        },
        onError: 'editing',
      },
    },
    editing: { on: { ...edits(), 'write.submit': submit } },
    invalid: {
      entry: 'check',
      on: {
        'arg.change': { target: 'editing', actions: ['edit', 'check'] },
        'arg.unit': { target: 'editing', actions: ['edit', 'check'] },
        'value.change': { target: 'editing', actions: ['edit', 'check'] },
        'signer.choose': { target: 'editing', guard: 'signerAvailable', actions: ['edit', 'check'] },
      },
    },
    unlocking: {
      on: {
        'password.change': { actions: assign(({ event }) => ({ password: event.value, message: null })) },
        'unlock.submit': [
          {
            guard: 'passwordEmpty',
            actions: assign({ message: () => DEPLOY_MACHINE_TEXTS.passwordEmpty }) /* the web wallet's unlock, as in deploy */,
          },
          { target: 'connecting' },
        ],
        'write.cancel': { target: 'editing', actions: assign({ password: '', message: null }) },
      },
    },
    connecting: {
      invoke: {
        id: 'connect',
        src: 'connect',
        input: ({ context }): ConnectInput => ({
          signer: context.signer ?? 'injected',
          email: context.signers.web?.email ?? null,
          password: context.password || null,
        }),
        onDone: {
          target: 'estimating',
          actions: assign(({ context, event }) => ({
            from: event.output,
            password: '',
            message: null,
            signers:
              context.signer === 'web' && context.signers.web
                ? { ...context.signers, web: { ...context.signers.web, unlocked: true } }
                : context.signers,
          })),
        },
        onError: [
          {
            guard: 'passwordNeeded',
            target: 'unlocking',
            actions: assign(({ event }) => ({ password: '', message: message(event.error) })),
          },
          { target: 'failed', actions: assign(({ event }) => ({ password: '', message: message(event.error) })) },
        ],
      },
    },
    estimating: {
      invoke: {
        id: 'estimate',
        src: 'estimate',
        input: ({ context }): EstimateInput => ({
          from: context.from ?? '',
          contract: context.contract,
          fn: context.fn,
          values: values(context),
          value: wei(context),
          abi: context.abi,
        }),
        onDone: [
          {
            guard: 'reverted',
            target: 'reverted',
            actions: assign(({ event }) => ({ data: event.output.data, message: 'revert' in event.output ? event.output.revert : null })),
          },
          {
            target: 'confirming',
            actions: assign(({ event }) =>
              'revert' in event.output
                ? {}
                : {
                    data: event.output.data,
                    chainId: event.output.chainId,
                    gasLimit: event.output.gasLimit,
                    maxFeePerGas: event.output.maxFeePerGas,
                  },
            ),
          },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ message: message(event.error) })) },
      },
    },
    confirming: {
      on: {
        'write.confirm': 'sending',
        'write.cancel': 'editing',
      },
    },
    sending: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }): SendInput => ({
          signer: context.signer ?? 'injected',
          email: context.signers.web?.email ?? null,
          from: context.from ?? '',
          contract: context.contract,
          data: context.data ?? '0x',
          value: wei(context),
          gasLimit: BigInt(context.gasLimit ?? '0'),
          chainId: context.chainId ?? 0,
        }),
        onDone: { target: 'pending', actions: assign(({ event }) => ({ hash: event.output })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ message: message(event.error) })) },
      },
    },
    pending: {
      invoke: {
        id: 'waitMined',
        src: 'waitMined',
        input: ({ context }) => context.hash ?? '',
        onDone: [
          { guard: 'succeeded', target: 'mined', actions: assign(({ event }) => ({ logs: event.output.logs })) },
          { target: 'minedFailed', actions: assign(({ event }) => ({ logs: event.output.logs })) },
        ],
        onError: { target: 'failed', actions: assign(({ event }) => ({ message: message(event.error) })) },
      },
    },
    mined: ended('connect'),
    minedFailed: ended('connect'),
    reverted: ended('connect'),
    failed: ended('unlockOrConnect'),
  },
});
