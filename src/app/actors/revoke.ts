/**
 * revokeMachine's network work, provided by the app: each loads sections/approvals/revokeFlows.ts
 * (and ethers, the signers) on demand. Tests replace them with machine.provide.
 */
import { fromPromise } from 'xstate';
import { revokeMachine } from '../../machines/revokeMachine';
import { detectSigners } from './signers';
import type { EstimateRevokeInput, EstimateRevokeOutput, SendRevokeInput } from '../../machines/revokeTypes';
import type { Signers } from '../../machines/writeContractTypes';

const flows = () => import('../../sections/approvals/revokeFlows');

const revokeActors = {
  detect: fromPromise<Signers>(detectSigners),
  estimate: fromPromise<EstimateRevokeOutput, EstimateRevokeInput>(async ({ input }) => (await flows()).estimateRevokes(input)),
  /** Signs and sends each revoke in turn (the node gives the next nonce once the last is in its pool). */
  send: fromPromise<string[], SendRevokeInput>(async ({ input }) => {
    const hashes: string[] = [];
    for (const tx of input.txs) {
      const gasLimit = BigInt(tx.gasLimit);
      if (input.signer === 'injected') {
        const { sendInjected } = await import('../../sections/contract/injectedWallet');
        hashes.push(await sendInjected({ from: input.from, to: tx.to, data: tx.data, value: 0n, gasLimit, chainId: input.chainId }));
      } else {
        const { sendWithWebWallet } = await import('../../features/wallet/contractSigner');
        hashes.push(await sendWithWebWallet({ email: input.email ?? '', to: tx.to, data: tx.data, value: 0n, gasLimit }));
      }
    }
    return hashes;
  }),
  waitIndexed: fromPromise<void, string[]>(async ({ input }) => (await flows()).waitRevokes(input)),
};

/** The revoke machine with its network work, as the Approvals table runs it. */
export const appRevokeMachine = revokeMachine.provide({ actors: revokeActors });
