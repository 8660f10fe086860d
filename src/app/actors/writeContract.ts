/**
 * The write-contract machine's network work (src/machines/writeContractMachine.ts), provided by
 * the app: each loads its module on demand, so the contract page opens without ethers. Tests
 * replace them with machine.provide.
 */
import { fromPromise } from 'xstate';
import { connectSigner, detectSigners } from './signers';
import type { LogItem } from '../../../common/api/logs';
import { writeContractMachine } from '../../machines/writeContractMachine';
import {
  type ConnectInput,
  type EstimateInput,
  type EstimateOutput,
  type SendInput,
  type Signers,
} from '../../machines/writeContractTypes';

const writeContractActors = {
  detect: fromPromise<Signers>(detectSigners),
  connect: fromPromise<string, ConnectInput>(({ input }) => connectSigner(input.signer, input.email, input.password)),
  estimate: fromPromise<EstimateOutput, EstimateInput>(async ({ input }) => {
    const f = await import('../../sections/contract/writeFlows');
    const data = f.encodeCall(input.fn, input.values);
    const e = await f.estimateWrite({ from: input.from, to: input.contract, data, value: input.value }, input.abi);
    // Decimal strings: the machine's events and context stay serialisable.
    return 'revert' in e
      ? { data, revert: e.revert }
      : { data, chainId: e.chainId, gasLimit: e.gasLimit.toString(), maxFeePerGas: e.maxFeePerGas.toString() };
  }),
  send: fromPromise<string, SendInput>(async ({ input }) => {
    if (input.signer === 'injected') {
      const { sendInjected } = await import('../../sections/contract/injectedWallet');
      return sendInjected({ ...input, to: input.contract });
    }
    const { sendWithWebWallet } = await import('../../features/wallet/contractSigner');
    return sendWithWebWallet({
      email: input.email ?? '',
      to: input.contract,
      data: input.data,
      value: input.value,
      gasLimit: input.gasLimit,
    });
  }),
  waitMined: fromPromise<{ status: number; logs: LogItem[] }, string>(async ({ input }) =>
    (await import('../../sections/contract/writeFlows')).waitMined(input),
  ),
};

/** The write-contract machine with its network work, as the contract page runs it. */
export const appWriteContractMachine = writeContractMachine.provide({ actors: writeContractActors });
