/**
 * The deploy machine's network work (src/machines/deployMachine.ts), provided by the app: each
 * loads its module on demand (ethers, the signers), so the page opens without them. Tests
 * replace them with machine.provide.
 */
import { fromPromise } from 'xstate';
import { deployMachine } from '../../machines/deployMachine';
import type {
  CompileInput,
  Compiled,
  ConnectInput,
  DeploySigners,
  MinedCreation,
  SendInput,
  VerifyInput,
} from '../../machines/deployTypes';
import { connectSigner, detectSigners } from './signers';

const deployFlows = () => import('../../features/deploy/deployFlows');

/** The deploy machine with its network work, as the deploy page runs it (the page adds copyAddress). */
export const appDeployMachine = deployMachine.provide({
  actors: {
    detect: fromPromise<DeploySigners>(detectSigners),
    compile: fromPromise<Compiled, CompileInput>(async ({ input, signal }) => (await deployFlows()).compileUpload(input, signal)),
    connect: fromPromise<string, ConnectInput>(async ({ input }) =>
      input.signer === 'key'
        ? (await deployFlows()).keyAddress(input.privateKey)
        : connectSigner(input.signer, input.email, input.password),
    ),
    send: fromPromise<string, SendInput>(async ({ input }) => {
      if (input.signer === 'web') {
        const { sendWithWebWallet } = await import('../../features/wallet/contractSigner');
        // No `to`: a creation; the gas comes from the relay's own estimate.
        return sendWithWebWallet({ email: input.email ?? '', to: null, data: input.data, value: 0n, gasLimit: 0n });
      }
      const flows = await deployFlows();
      if (input.signer === 'key') return flows.sendWithKey(input.privateKey, input.data);
      const f = await flows.prepareCreation(input.from, input.data);
      const { sendInjected } = await import('../../sections/contract/injectedWallet');
      return sendInjected({ from: input.from, to: null, data: input.data, value: 0n, gasLimit: BigInt(f.gasLimit), chainId: f.chainId });
    }),
    waitDeployed: fromPromise<MinedCreation, string>(async ({ input, signal }) => (await deployFlows()).waitDeployed(input, signal)),
    verify: fromPromise<void, VerifyInput>(async ({ input }) => (await deployFlows()).verifyDeployed(input)),
  },
});
