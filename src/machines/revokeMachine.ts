/**
 * Revoking approvals from the Approvals tab (one row, or several chosen rows at once), signed in
 * the browser by the web wallet or an EIP-1193 wallet, as a contract write is:
 *
 *   detecting → idle --select.toggle--> choosing --revoke.selected--> …
 *   idle | choosing | done | failed --revoke.one / revoke.selected--> unlocking (key not held) | estimating
 *   unlocking --unlock.submit--> estimating (opens the signer, checks it is the owner, one estimate per revoke)
 *   estimating --> confirming (the whole fee shown) | unlocking (wrong password) | failed (node, not the owner)
 *   confirming --revoke.confirm--> signing --> pending --> done (rows say "Revoked") | failed
 *   signing --> failed (the wallet refused); revoke.cancel leaves any step that waits for the user
 *
 * Nothing is sent before revoke.confirm. The network work is named actors the app provides
 * (src/app/actors/revoke.ts), which
 * tests replace with machine.provide.
 */
import { and, assign, setup } from 'xstate';
import { sameAddress } from '../../common/address';
import { DEPLOY_MACHINE_TEXTS } from './deployTexts';
import { notProvided } from './notProvided';
import type { EstimateRevokeOutput } from './revokeTypes';
import type { Signers } from './writeContractTypes';
import type { EstimateRevokeInput, RevokeContext, RevokeEvent, RevokeInput, RevokeTarget, SendRevokeInput } from './revokeTypes';
import { PasswordNeededError } from './writeContractTypes';

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
const toggled = (list: RevokeTarget[], t: RevokeTarget) =>
  list.some((x) => x.key === t.key) ? list.filter((x) => x.key !== t.key) : [...list, t];

/** Starting a revoke of the selection: the password first when the web wallet's key is not held. */
const start = [{ guard: 'needsPassword' as const, target: '#revoke.unlocking' }, { target: '#revoke.estimating' }];

/** Revoke on one row (its selection replaced by that row): a signer and a row not yet revoked. */
const oneOf = [
  { guard: and(['mayRevoke', 'needsPassword']), target: '#revoke.unlocking', actions: 'selectOne' as const },
  { guard: and(['mayRevoke', 'hasSigner']), target: '#revoke.estimating', actions: 'selectOne' as const },
];

export const revokeMachine = setup({
  types: { context: {} as RevokeContext, events: {} as RevokeEvent, input: {} as RevokeInput },
  actors: {
    detect: notProvided<Signers>('detect'),
    estimate: notProvided<EstimateRevokeOutput, EstimateRevokeInput>('estimate'),
    send: notProvided<string[], SendRevokeInput>('send'),
    waitIndexed: notProvided<void, string[]>('waitIndexed'),
  },
  guards: {
    needsPassword: ({ context }) => context.signer === 'web' && context.signers.web?.unlocked === false,
    hasSigner: ({ context }) => context.signer !== null,
    passwordEmpty: ({ context }) => context.password === '',
    passwordNeeded: ({ event }) => (event as { error?: unknown }).error instanceof PasswordNeededError,
    /**
     * Revoke and the select boxes are offered to the owner only (the signed-in web wallet is this
     * address), and not on a row revoked in this visit.
     */
    mayRevoke: ({ context, event }) =>
      context.signers.web !== null &&
      sameAddress(context.signers.web.address, context.owner) &&
      !((event.type === 'select.toggle' || event.type === 'revoke.one') && context.revoked.includes(event.target.key)),
    lastUnselected: ({ context, event }) =>
      event.type === 'select.toggle' && context.selected.length === 1 && context.selected[0]?.key === event.target.key,
  },
  actions: {
    selectOne: assign(({ event }) => (event.type === 'revoke.one' ? { selected: [event.target], message: null } : {})),
    toggle: assign(({ context, event }) => (event.type === 'select.toggle' ? { selected: toggled(context.selected, event.target) } : {})),
    freshToggle: assign(({ event }) => (event.type === 'select.toggle' ? { selected: [event.target], message: null } : {})),
    clear: assign({ selected: [], txs: [], fee: null, hashes: [], password: '', message: null }),
  },
}).createMachine({
  id: 'revoke',
  context: ({ input }) => ({
    ...input,
    selected: [],
    signers: { web: null, injected: false },
    signer: null,
    password: '',
    txs: [],
    chainId: null,
    fee: null,
    hashes: [],
    revoked: [],
    message: null,
  }),
  initial: 'detecting',
  states: {
    detecting: {
      invoke: {
        id: 'detect',
        src: 'detect',
        onDone: {
          target: 'idle',
          actions: assign(({ event }) => ({
            signers: event.output,
            signer: event.output.web ? ('web' as const) : event.output.injected ? ('injected' as const) : null,
          })),
        },
        onError: 'idle',
      },
    },
    idle: {
      on: {
        'select.toggle': { guard: 'mayRevoke', target: 'choosing', actions: 'toggle' },
        'revoke.one': oneOf,
      },
    },
    choosing: {
      on: {
        'select.toggle': [
          { guard: 'lastUnselected', target: 'idle', actions: 'clear' },
          { guard: 'mayRevoke', actions: 'toggle' },
        ],
        'revoke.one': oneOf,
        'revoke.selected': start.map((s) => ({ ...s, guard: s.guard ?? 'hasSigner' })),
        'revoke.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    unlocking: {
      on: {
        'password.change': { actions: assign(({ event }) => ({ password: event.value, message: null })) },
        'unlock.submit': [
          { guard: 'passwordEmpty', actions: assign({ message: () => DEPLOY_MACHINE_TEXTS.passwordEmpty }) },
          { target: 'estimating' },
        ],
        'revoke.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    estimating: {
      invoke: {
        id: 'estimate',
        src: 'estimate',
        input: ({ context }): EstimateRevokeInput => ({
          signer: context.signer ?? 'injected',
          email: context.signers.web?.email ?? null,
          password: context.password || null,
          owner: context.owner,
          targets: context.selected,
        }),
        onDone: {
          target: 'confirming',
          actions: assign(({ context, event }) => ({
            txs: event.output.txs,
            chainId: event.output.chainId,
            fee: event.output.fee,
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
    confirming: {
      on: {
        'revoke.confirm': 'signing',
        'revoke.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    signing: {
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }): SendRevokeInput => ({
          signer: context.signer ?? 'injected',
          email: context.signers.web?.email ?? null,
          from: context.owner,
          txs: context.txs,
          chainId: context.chainId ?? 0,
        }),
        onDone: { target: 'pending', actions: assign(({ event }) => ({ hashes: event.output })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ message: message(event.error) })) },
      },
    },
    pending: {
      invoke: {
        id: 'waitIndexed',
        src: 'waitIndexed',
        input: ({ context }) => context.hashes,
        onDone: {
          target: 'done',
          actions: assign(({ context }) => ({ revoked: [...context.revoked, ...context.selected.map((t) => t.key)], selected: [] })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ message: message(event.error) })) },
      },
    },
    done: {
      on: {
        'select.toggle': { guard: 'mayRevoke', target: 'choosing', actions: 'freshToggle' },
        // The signer was opened to get here (a dropped key asks again through the estimate's error).
        'revoke.one': oneOf.slice(1),
        'revoke.cancel': { target: 'idle', actions: 'clear' },
      },
    },
    failed: {
      on: {
        'revoke.selected': start.map((s) => ({ ...s, guard: s.guard ?? 'hasSigner' })),
        'revoke.cancel': { target: 'idle', actions: 'clear' },
      },
    },
  },
});
