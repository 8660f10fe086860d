/**
 * The one signer of the server (server/wallet/transactions.ts), against a scripted node: POST
 * /deploy's contract creation gets the same fields /preparetx answers for it, refusals keep each
 * caller's words, and a chain without EIP-1559 gets a legacy transaction.
 */
import { Transaction, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { ApiContext } from '../../../server/core/context';
import { rubyAddress } from '../../../server/core/format';
import { deployArtifact } from '../../../server/services/verifiedDeploy';
import { prepareTx, signAndSend } from '../../../server/wallet/transactions';
import type { Artifact } from '../../../server/chain/compile';
import { RpcError, type RpcClient } from '../../../server/chain/rpc';

const KEY = `0x${'42'.repeat(32)}`;
const FROM = new Wallet(KEY).address.toLowerCase();
const CREATION_CODE = '0x6080604052348015600e575f5ffd5b50603e80601a5f395ff3fe';
const ARTIFACT: Artifact = { contractName: 'Empty', sourceName: 'Empty.sol', abi: [], bytecode: CREATION_CODE, deployedBytecode: '0x' };

/**
 * A node that answers the calls a send makes: base fee 10 gwei (none with `legacy`), tip 2 gwei,
 * gas price 15 gwei (not base + tip, so a signer that reads it would show), estimate 100,000.
 */
function fakeNode(opts: { legacy?: boolean; refuse?: Partial<Record<string, string>> } = {}) {
  const sent: Transaction[] = [];
  const estimates: unknown[] = [];
  const answers: Record<string, (params: unknown[]) => unknown> = {
    eth_chainId: () => '0x4727',
    eth_getTransactionCount: () => '0x7',
    eth_getBlockByNumber: () => (opts.legacy ? { number: '0x10' } : { number: '0x10', baseFeePerGas: '0x2540be400' }),
    eth_maxPriorityFeePerGas: () => '0x77359400',
    eth_gasPrice: () => '0x37e11d600',
    eth_estimateGas: (params) => {
      estimates.push(params[0]);
      return '0x186a0';
    },
    eth_sendRawTransaction: (params) => {
      const tx = Transaction.from(params[0] as string);
      sent.push(tx);
      return tx.hash!.toUpperCase().replace(/^0X/, '0x');
    },
    eth_getTransactionReceipt: () => ({
      status: '0x1',
      contractAddress: '0x00000000000000000000000000000000000000aa',
      blockNumber: '0x11',
    }),
  };
  const rpc = {
    async call<T>(method: string, params: unknown[] = []): Promise<T> {
      const refusal = opts.refuse?.[method];
      if (refusal !== undefined) throw new RpcError(`${method}: ${refusal}`, -32000);
      const answer = answers[method];
      if (!answer) throw new Error(`unexpected call ${method}`);
      return answer(params) as T;
    },
  } as unknown as RpcClient;
  return { rpc, sent, estimates, ctx: { rpc } as unknown as ApiContext };
}

describe('one signer for the wallet and /deploy', () => {
  it('deploys with the fields /preparetx answers for the same creation call', async () => {
    const node = fakeNode();
    const deployed = await deployArtifact(node.ctx, { artifact: ARTIFACT, args: [], privateKey: KEY.slice(2) });
    const prepared = await prepareTx(fakeNode().rpc, { from: FROM, to: null, value: 0n, data: CREATION_CODE });
    expect(node.sent).toHaveLength(1);
    const tx = node.sent[0]!;
    expect(tx.to).toBeNull();
    expect(tx.data).toBe(CREATION_CODE);
    expect(tx.from?.toLowerCase()).toBe(FROM);
    expect({
      type: tx.type,
      chainId: tx.chainId,
      nonce: tx.nonce,
      gasLimit: tx.gasLimit,
      maxFeePerGas: tx.maxFeePerGas,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
    }).toEqual({
      type: 2,
      chainId: BigInt(prepared.chainId),
      nonce: prepared.nonce,
      gasLimit: prepared.gasLimit,
      maxFeePerGas: prepared.maxFeePerGas,
      maxPriorityFeePerGas: prepared.maxPriorityFeePerGas,
    });
    expect(prepared).toMatchObject({
      chainId: 18215,
      nonce: 7,
      gasLimit: 120_000n,
      maxFeePerGas: 22_000_000_000n,
      maxPriorityFeePerGas: 2_000_000_000n,
    });
    // A creation is estimated without a `to`.
    expect(node.estimates).toEqual([{ from: FROM, value: '0x0', data: CREATION_CODE }]);
    expect(deployed.transactionHash).toBe(tx.hash);
  });

  it("answers a refusal in each caller's words", async () => {
    const funds = { eth_estimateGas: 'insufficient funds for gas * price + value' };
    await expect(deployArtifact(fakeNode({ refuse: funds }).ctx, { artifact: ARTIFACT, args: [], privateKey: KEY })).rejects.toMatchObject({
      statusCode: 400,
      message: `The account ${rubyAddress(new Wallet(KEY).address)} has not enough RUBY to pay for the deployment`,
    });
    await expect(
      signAndSend(fakeNode({ refuse: funds }).rpc, KEY, FROM, 1n, '0x00000000000000000000000000000000000000bb'),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: 'The transaction would fail: eth_estimateGas: insufficient funds for gas * price + value',
    });
    const nonce = { eth_sendRawTransaction: 'nonce too low' };
    await expect(deployArtifact(fakeNode({ refuse: nonce }).ctx, { artifact: ARTIFACT, args: [], privateKey: KEY })).rejects.toMatchObject({
      statusCode: 409,
      message: 'The node refused the transaction (nonce too low); try again',
    });
    await expect(signAndSend(fakeNode({ refuse: nonce }).rpc, KEY, FROM, 1n, null)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The node refused the transaction: eth_sendRawTransaction: nonce too low',
    });
    // Any refusal of a deployment, not only the estimate's and the send's.
    await expect(
      deployArtifact(fakeNode({ refuse: { eth_getTransactionCount: 'header not found' } }).ctx, {
        artifact: ARTIFACT,
        args: [],
        privateKey: KEY,
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'The node refused the deployment: header not found' });
    await expect(
      deployArtifact(fakeNode().ctx, { artifact: ARTIFACT, args: [], privateKey: `0x${'ff'.repeat(32)}` }),
    ).rejects.toMatchObject({ statusCode: 400, message: 'Invalid private key: it is not a valid secp256k1 key' });
    await expect(signAndSend(fakeNode().rpc, `0x${'ff'.repeat(32)}`, FROM, 1n, null)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Invalid private key',
    });
  });

  it("signs a legacy transaction at the node's gas price on a chain without EIP-1559, for a deploy and a wallet send", async () => {
    const node = fakeNode({ legacy: true });
    await deployArtifact(node.ctx, { artifact: ARTIFACT, args: [], privateKey: KEY });
    const hash = await signAndSend(node.rpc, KEY, '0x00000000000000000000000000000000000000cc', 5n, null);
    expect(node.sent.map((tx) => [tx.type, tx.gasPrice])).toEqual([
      [0, 15_000_000_000n],
      [0, 15_000_000_000n],
    ]);
    expect(node.sent[1]?.to?.toLowerCase()).toBe('0x00000000000000000000000000000000000000cc');
    expect(node.sent[1]).toMatchObject({ value: 5n, gasLimit: 21_000n });
    expect(hash).toBe(node.sent[1]!.hash);
  });
});
