/**
 * POST /api/estimatecall: the gas of a contract write before it is signed, or, when the node would
 * revert it, the revert data (custom error, Error(string), Panic) for the browser to decode; bad
 * input is a 400. Against the devnet with the Noticeboard fixture.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Interface, type Wallet } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import type { EstimateCallResponse } from '../../../common/api/contractWrite';
import { apiPaths } from '../../../common/api/paths';
import { compileSolidity, type Artifact } from '../../../server/chain/compile';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { deployRaw, fundedKey, postJson, readSol } from './deployFixture';

let chain: IndexedChain;
let wallet: Wallet;
let board: Artifact;
let at: string;

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  await chain.rpc.call('evm_setAutomine', [true]);
  wallet = await fundedKey(chain.rpc, 10n);
  const c = await compileSolidity({ 'Noticeboard.sol': readSol('Noticeboard.sol') }, { optimizer: { enabled: true, runs: 200 } });
  board = c.artifacts.find((a) => a.contractName === 'Noticeboard')!;
  at = await deployRaw(chain.rpc, wallet, board.bytecode);
}, 120_000);
afterAll(() => chain?.stop());

describeEachDatabase('POST /estimatecall', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  }, 60_000);
  afterAll(() => api?.close());

  const iface = () => new Interface(board.abi as never);
  const estimate = (data: string, extra: Record<string, string> = {}) =>
    postJson<EstimateCallResponse & { message?: string }>(api, apiPaths.estimateCall(), {
      from: toRubyAddress(wallet.address),
      to: toRubyAddress(at),
      data,
      ...extra,
    });

  it('answers a gas limit for a call that would succeed', async () => {
    const r = await estimate(iface().encodeFunctionData('setNotice', [7n, 'hello']));
    expect(r.statusCode).toBe(200);
    expect(r.body.result.revert).toBeNull();
    expect(r.body.result.chainId).toBe(18215);
    expect(BigInt(r.body.result.gasLimit ?? '0')).toBeGreaterThan(21_000n);
    const tip = await estimate(iface().encodeFunctionData('tip'), { value: '1000' });
    expect(tip.body.result.revert).toBeNull();
  });

  it('answers the revert data of a custom error, a require message and a panic', async () => {
    const big = await estimate(iface().encodeFunctionData('setNotice', [5000n, 'x']));
    expect(big.statusCode).toBe(200);
    expect(big.body.result.gasLimit).toBeNull();
    const data = big.body.result.revert?.data ?? '0x';
    expect(iface().parseError(data)?.name).toBe('TooLarge');
    expect(iface().parseError(data)?.args.map(String)).toEqual(['5000', '1000']);

    const noValue = await estimate(iface().encodeFunctionData('tip'));
    const err = new Interface(['error Error(string)']).decodeErrorResult('Error', noValue.body.result.revert?.data ?? '0x');
    expect(err[0]).toBe('send some RUBY');

    const under = await estimate(iface().encodeFunctionData('decrement', [1n]));
    const panic = new Interface(['error Panic(uint256)']).decodeErrorResult('Panic', under.body.result.revert?.data ?? '0x');
    expect(panic[0]).toBe(0x11n);
  });

  it('refuses bad input with a 400', async () => {
    expect((await estimate('0xzz')).statusCode).toBe(400);
    const badTo = await postJson<{ message: string }>(api, apiPaths.estimateCall(), { from: wallet.address, to: 'nope', data: '0x' });
    expect(badTo.statusCode).toBe(400);
    expect(badTo.body.message).toMatch(/Invalid address/);
    expect((await estimate('0x', { value: '-1' })).statusCode).toBe(400);
  });
});
