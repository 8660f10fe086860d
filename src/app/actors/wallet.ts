/**
 * The wallet machines' network and crypto work, provided by the app: each loads
 * features/wallet/walletFlows.ts (ethers, the key derivation) on demand, so the screens open
 * without them. Tests replace them with machine.provide.
 */
import { fromPromise } from 'xstate';
import type { ChangeBody, ChangePasswordInput } from '../../machines/changePasswordMachine';
import { changePasswordMachine } from '../../machines/changePasswordMachine';
import { loginMachine } from '../../machines/loginMachine';
import { sendMachine } from '../../machines/sendMachine';
import { signupMachine } from '../../machines/signupMachine';
import { walletCreateMachine, type LinkInput } from '../../machines/walletCreateMachine';
import { walletImportMachine } from '../../machines/walletImportMachine';
import type { LoginOutcome, SendInput } from '../../lib/walletFlowTypes';

const flows = () => import('../../features/wallet/walletFlows');

type DeriveInput = { email: string; password: string; onProgress: (fraction: number) => void };
type Credentials = { email: string; password: string };

const linkWallet = fromPromise<{ msg: string; address: string }, LinkInput>(async ({ input }) => (await flows()).linkWallet(input));

export const appLoginMachine = loginMachine.provide({
  actors: {
    derive: fromPromise<void, DeriveInput>(async ({ input }) => (await flows()).derive({ ...input })),
    login: fromPromise<LoginOutcome, Credentials>(async ({ input }) => (await flows()).loginAndRestore(input)),
  },
});

export const appSignupMachine = signupMachine.provide({
  actors: {
    derive: fromPromise<void, DeriveInput>(async ({ input }) => (await flows()).derive({ ...input, signup: true })),
    signup: fromPromise<{ token: string }, Credentials>(async ({ input }) => (await flows()).signup(input)),
  },
});

export const appWalletCreateMachine = walletCreateMachine.provide({
  actors: {
    generateKey: fromPromise<{ address: string; privateKey: string }>(async () => (await flows()).generateKey()),
    linkWallet,
  },
});

export const appWalletImportMachine = walletImportMachine.provide({ actors: { linkWallet } });

export const appSendMachine = sendMachine.provide({
  actors: { send: fromPromise<{ hash: string }, SendInput>(async ({ input }) => (await flows()).sendTransaction(input)) },
});

/** The screen adds `submit` (RTK Query's changePassword mutation). */
export const appChangePasswordMachine = changePasswordMachine.provide({
  actors: {
    prepare: fromPromise<ChangeBody, ChangePasswordInput & { current: string; next: string; onProgress: (f: number) => void }>(
      async ({ input }) => (await import('../../features/wallet/changePassword')).prepareChange(input),
    ),
  },
});
