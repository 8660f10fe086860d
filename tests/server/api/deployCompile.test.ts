/**
 * POST /api/compileContract on the devnet: the Deploy page's path (issue #25 item 19). The server
 * compiles without any key; the test then signs the creation itself, as the browser does
 * (POST /preparetx without `to`, POST /sendrawtransaction), and POST /verifyContract with what the
 * compile answered proves both codes exactly: the token is listed verified, as /deploy makes it.
 * Bad uploads get the same 4xx texts as /deploy. The relay's refusals come in the node's own words,
 * which the SPA's table of node reasons (src/lib/nodeReasons.ts, translated in Hindi) knows.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Wallet } from 'ethers';
import type { CompileResponse, VerifyResponse } from '../../../common/api/deploy';
import { DEFAULT_INITIAL_SUPPLY } from '../../../common/api/deployConstants';
import type { ContractListResponse } from '../../../common/api/tokens';
import type { PrepareTxResponse } from '../../../common/api/wallet';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import { knownNodeReason } from '../../../src/lib/nodeReasons';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { fundedKey, indexNow, multipart, postJson, readSol, type FilePart } from './deployFixture';

let chain: IndexedChain;
let deployer: Wallet;
beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  await chain.rpc.call('evm_setAutomine', [true]);
  deployer = await fundedKey(chain.rpc, 1000n);
}, 120_000);
afterAll(() => chain?.stop());

async function postCompile<T>(api: TestApi, fields: Record<string, string>, file?: FilePart) {
  const { payload, headers } = multipart(fields, file);
  const res = await api.app.inject({ method: 'POST', url: apiPaths.compileContract(), payload, headers });
  return { statusCode: res.statusCode, body: res.json() as T };
}

describeEachDatabase('compile API (sign in the browser)', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
  });
  afterAll(() => api?.close());

  it('compiles without a key; a creation signed by the caller verifies exactly and is listed verified', async () => {
    const source = readSol('GoldToken.sol');
    const res = await postCompile<CompileResponse>(
      api,
      { contractName: 'GoldToken', contractType: 'RBC20' },
      { name: 'GoldToken.sol', data: source },
    );
    expect(res.statusCode, JSON.stringify(res.body)).toBe(200);
    const c = res.body;
    expect(c.contractType).toBe('rbc20');
    expect(c.fileName).toBe('GoldToken.sol');
    expect(c.bytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(c.constructorArguments).toEqual(['GoldToken', 'GT', DEFAULT_INITIAL_SUPPLY.toString()]);
    expect(c.encodedConstructorArguments).toMatch(/^0x[0-9a-f]+$/);
    expect(c.compilerVersion).toMatch(/^v0\.8\.\d+\+commit\.[0-9a-f]{8}$/);
    expect(c.compilerSettings).toEqual({ optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' });
    expect(JSON.stringify(c.abi)).toContain('"transferFrom"');

    // What the browser does: prepare a creation (no `to`), sign locally, relay the signed bytes.
    const data = c.bytecode + c.encodedConstructorArguments.slice(2);
    const from = toRubyAddress(deployer.address);
    const prep = await postJson<PrepareTxResponse>(api, apiPaths.prepareTx(), { from, data });
    expect(prep.statusCode, JSON.stringify(prep.body)).toBe(200);
    const f = prep.body.result;
    const raw = await deployer.signTransaction({
      type: 2,
      to: null,
      data,
      chainId: f.chainId,
      nonce: f.nonce,
      gasLimit: BigInt(f.gasLimit),
      maxFeePerGas: BigInt(f.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(f.maxPriorityFeePerGas),
    });
    const sent = await postJson<{ result: string }>(api, apiPaths.sendRawTx(), { rawTransaction: raw });
    expect(sent.statusCode, JSON.stringify(sent.body)).toBe(200);
    let receipt: { contractAddress: string; status: string } | null = null;
    for (let i = 0; i < 100 && !receipt; i++) {
      receipt = await chain.rpc.call('eth_getTransactionReceipt', [sent.body.result]);
      if (!receipt) await new Promise((r) => setTimeout(r, 100));
    }
    expect(receipt?.status).toBe('0x1');
    await indexNow(api);
    const address = toRubyAddress(receipt!.contractAddress);

    const verified = await postJson<VerifyResponse>(api, apiPaths.verifyContract(), {
      address,
      contractName: c.contractName,
      source,
      fileName: c.fileName,
      compilerVersion: c.compilerVersion,
      settings: c.compilerSettings,
      constructorArguments: c.encodedConstructorArguments.slice(2),
    });
    expect(verified.statusCode, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.result).toMatchObject({ creationMatch: 'exact_match', runtimeMatch: 'exact_match', match: 'full' });

    await indexNow(api);
    const list = await api.get<ContractListResponse>(apiPaths.tokens());
    const row = list.body.result.find((r) => r.contract_address.toLowerCase() === address.toLowerCase());
    expect(row?.verified).toBe(true);
    expect(row?.contractname).toBe('GoldToken');
  }, 120_000);

  it('answers bad uploads as /deploy does, needs no key and ignores one sent', async () => {
    const counter = { name: 'Counter.sol', data: readSol('Counter.sol') };
    const cases: Array<[string, Record<string, string>, FilePart | undefined, number, RegExp]> = [
      [
        'missing file and type',
        { contractName: 'Counter' },
        undefined,
        400,
        /^Please fill in all fields\. Missing: solFile, contractType$/,
      ],
      ['not a .sol file', { contractName: 'Counter', contractType: 'DApp' }, { name: 'a.txt', data: 'x' }, 400, /is not a \.sol file/],
      [
        'compile error',
        { contractName: 'Broken', contractType: 'DApp' },
        { name: 'Broken.sol', data: readSol('Broken.sol') },
        400,
        /^Compilation failed:\nParserError: Expected ';' but got 'function'/,
      ],
      [
        'RBC20 that is not ERC20',
        { contractName: 'FakeToken', contractType: 'RBC20' },
        { name: 'FakeToken.sol', data: readSol('FakeToken.sol') },
        400,
        /FakeToken is not an RBC20 token/,
      ],
      [
        'huge file',
        { contractName: 'Counter', contractType: 'DApp' },
        { name: 'Huge.sol', data: `${readSol('Counter.sol')}\n//${'x'.repeat(210 * 1024)}` },
        413,
        /The file is too large: a \.sol file may have at most 200 KB/,
      ],
    ];
    for (const [what, fields, file, code, message] of cases) {
      const res = await postCompile<{ status: boolean; message: string }>(api, fields, file);
      expect(res.statusCode, `${what}: ${JSON.stringify(res.body)}`).toBe(code);
      expect(res.body.status, what).toBe(false);
      expect(res.body.message, what).toMatch(message);
    }
    const withKey = await postCompile<CompileResponse>(
      api,
      { contractName: 'Counter', contractType: 'DApp', privatekey: 'not-a-key' },
      counter,
    );
    expect(withKey.statusCode).toBe(200);
    expect(withKey.body.constructorArguments).toEqual([]);
    expect(withKey.body.encodedConstructorArguments).toBe('0x');
  }, 120_000);

  it("relays a refused transaction with the node's own reason, one the SPA translates (nonce too low, gas, fee cap)", async () => {
    const to = deployer.address;
    const prep = await postJson<PrepareTxResponse>(api, apiPaths.prepareTx(), {
      from: toRubyAddress(to),
      to: toRubyAddress(to),
      value: '1',
    });
    expect(prep.statusCode, JSON.stringify(prep.body)).toBe(200);
    const f = prep.body.result;
    const sign = (o: { gasLimit?: bigint; maxFeePerGas?: bigint } = {}) =>
      deployer.signTransaction({
        type: 2,
        to,
        value: 1n,
        chainId: f.chainId,
        nonce: f.nonce,
        gasLimit: o.gasLimit ?? BigInt(f.gasLimit),
        maxFeePerGas: o.maxFeePerGas ?? BigInt(f.maxFeePerGas),
        maxPriorityFeePerGas: o.maxFeePerGas === undefined ? BigInt(f.maxPriorityFeePerGas) : 0n,
      });
    const relay = async (raw: string) => postJson<{ status: boolean; message: string }>(api, apiPaths.sendRawTx(), { rawTransaction: raw });
    const refused = async (key: string, tx: string) => {
      const res = await relay(tx);
      expect(res.statusCode, `${key}: ${JSON.stringify(res.body)}`).toBe(400);
      const m = /^The node refused the transaction: eth_sendRawTransaction: (.*)$/.exec(res.body.message);
      expect(m, res.body.message).not.toBeNull();
      expect(knownNodeReason(m![1]!)?.key, res.body.message).toBe(key);
    };
    // anvil checks the nonce first: these two before the transaction that uses it.
    await refused('intrinsicGasLow', await sign({ gasLimit: 20_000n }));
    await refused('feeBelowBaseFee', await sign({ maxFeePerGas: 1n }));
    const raw = await sign();
    expect((await relay(raw)).statusCode).toBe(200); // mined at once (automine)
    await refused('nonceTooLow', raw); // the same transaction again: its nonce is used
  }, 60_000);
});
