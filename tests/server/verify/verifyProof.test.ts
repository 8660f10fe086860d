/**
 * The rows of issue #26's table, on PGlite and PostgreSQL: constructor arguments are proved from
 * the chain's creation code (fake ones refused with the difference named, omitted ones taken from
 * the chain, a stored fake of the old rules replaced), a factory-made contract verifies with its
 * internal creation's arguments (also when its init code is not on record and the node's
 * debug_traceTransaction is asked), match levels per part, the Etherscan-style form and POST
 * /verifyContract run the same checks.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AbiCoder, Interface, type Wallet } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import { compileSolidity, type Artifact } from '../../../server/chain/compile';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { deployRaw, fundedKey, indexNow, postForm, postJson } from '../api/deployFixture';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Box {
    uint256 public value;
    string public label;
    constructor(uint256 v, string memory l) { value = v; label = l; }
}
contract BoxFactory {
    event Made(address box);
    function make(uint256 v, string calldata l) external returns (address a) {
        a = address(new Box(v, l));
        emit Made(a);
    }
}
`;
const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' };
const coder = AbiCoder.defaultAbiCoder();
const realArgs = coder.encode(['uint256', 'string'], [42, 'real label']);
const fakeArgs = coder.encode(['uint256', 'string'], [999, 'FAKE LABEL']);

let chain: IndexedChain;
let wallet: Wallet;
let box: Artifact;
let factory: Artifact;
const at = { box: '', box2: '', box3: '', box4: '', factory: '', child: '', child2: '', childTx: '', child2Tx: '' };

async function send(to: string, data: string): Promise<{ hash: string; logs: Array<{ data: string }> }> {
  const [chainId, nonce, gasPrice] = await Promise.all([
    chain.rpc.call<string>('eth_chainId'),
    chain.rpc.call<string>('eth_getTransactionCount', [wallet.address, 'pending']),
    chain.rpc.call<string>('eth_gasPrice'),
  ]);
  const raw = await wallet.signTransaction({
    chainId: BigInt(chainId),
    nonce: Number(BigInt(nonce)),
    to,
    data,
    gasLimit: 3_000_000n,
    gasPrice: BigInt(gasPrice) * 2n,
    type: 0,
  });
  const hash = await chain.rpc.call<string>('eth_sendRawTransaction', [raw]);
  for (let i = 0; i < 100; i++) {
    const r = await chain.rpc.call<{ status: string; logs: Array<{ data: string }> } | null>('eth_getTransactionReceipt', [hash]);
    if (r) return { hash, logs: r.logs };
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`${hash}: no receipt`);
}

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  await chain.rpc.call('evm_setAutomine', [true]);
  wallet = await fundedKey(chain.rpc, 100n);
  const compiled = await compileSolidity({ 'Box.sol': SOURCE }, SETTINGS);
  box = compiled.artifacts.find((a) => a.contractName === 'Box')!;
  factory = compiled.artifacts.find((a) => a.contractName === 'BoxFactory')!;
  at.box = await deployRaw(chain.rpc, wallet, box.bytecode + realArgs.slice(2));
  at.box2 = await deployRaw(chain.rpc, wallet, box.bytecode + realArgs.slice(2));
  at.box3 = await deployRaw(chain.rpc, wallet, box.bytecode + realArgs.slice(2));
  at.box4 = await deployRaw(chain.rpc, wallet, box.bytecode + coder.encode(['uint256', 'string'], [5, 'fourth']).slice(2));
  at.factory = await deployRaw(chain.rpc, wallet, factory.bytecode);
  const iface = new Interface(factory.abi);
  for (const [key, v, l] of [
    ['child', 7, 'child'],
    ['child2', 8, 'second child'],
  ] as const) {
    const { hash, logs } = await send(at.factory, iface.encodeFunctionData('make', [v, l]));
    at[key] = coder.decode(['address'], logs[0]!.data)[0].toLowerCase();
    at[key === 'child' ? 'childTx' : 'child2Tx'] = hash;
  }
}, 180_000);
afterAll(() => chain?.stop());

describeEachDatabase('verification proves constructor arguments (issue #26 table)', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
    await indexNow(api);
  }, 120_000);
  afterAll(() => api?.close());

  const etherscanVerify = async (address: string, args?: string) => {
    const submitted = await postForm<{ status: string; result: string }>(api, apiPaths.etherscan(), {
      module: 'contract',
      action: 'verifysourcecode',
      contractaddress: address,
      sourceCode: SOURCE,
      codeformat: 'solidity-single-file',
      contractname: 'Box.sol:Box',
      optimizationUsed: '1',
      runs: '200',
      evmversion: 'cancun',
      ...(args !== undefined ? { constructorArguements: args.replace(/^0x/, '') } : {}),
    });
    if (submitted.body.status !== '1') return submitted.body;
    return (
      await api.get<{ status: string; result: string }>(
        apiPaths.etherscan({ module: 'contract', action: 'checkverifystatus', guid: submitted.body.result }),
      )
    ).body;
  };
  const sourceCode = async (address: string) =>
    (
      await api.get<{ result: Array<{ ConstructorArguments: string }> }>(
        apiPaths.etherscan({ module: 'contract', action: 'getsourcecode', address }),
      )
    ).body.result[0]!;
  const verifyJson = (address: string, extra: Record<string, unknown> = {}) =>
    postJson<{ status: boolean; message?: string; result?: Record<string, unknown> }>(api, apiPaths.verifyContract(), {
      address: toRubyAddress(address),
      contractName: 'Box',
      source: SOURCE,
      fileName: 'Box.sol',
      settings: SETTINGS,
      ...extra,
    });

  it('refuses fake constructor arguments and names the difference; nothing is stored', async () => {
    const res = await etherscanVerify(at.box, fakeArgs);
    expect(res.status).toBe('0');
    expect(res.result).toBe(
      'Fail - Unable to verify. Constructor arguments differ from the chain\'s: argument 1 (v uint256) is "999" in the request but "42" on chain; argument 2 (l string) is "FAKE LABEL" in the request but "real label" on chain. Please check if the correct constructor arguments were entered.',
    );
    expect((await sourceCode(at.box)).ConstructorArguments).toBe('');
    const json = await verifyJson(at.box, { constructorArguments: fakeArgs });
    expect(json.statusCode).toBe(400);
    expect(json.body.message).toMatch(/^Constructor arguments differ from the chain's: argument 1 \(v uint256\) is "999"/);
  }, 60_000);

  it('takes omitted arguments from the chain, decoded; then "already verified"', async () => {
    const res = await etherscanVerify(at.box);
    expect(res).toMatchObject({ status: '1', result: 'Pass - Verified' });
    expect((await sourceCode(at.box)).ConstructorArguments).toBe(realArgs.slice(2));
    const again = await etherscanVerify(at.box);
    expect(again).toMatchObject({ status: '0', result: 'Contract source code already verified' });
    const json = await verifyJson(at.box);
    expect(json.statusCode).toBe(409);
  }, 60_000);

  it('POST /verifyContract answers the levels and the decoded arguments; the right arguments given are accepted', async () => {
    const res = await verifyJson(at.box2, { constructorArguments: realArgs });
    expect(res.statusCode).toBe(200);
    expect(res.body.result).toMatchObject({
      match: 'full',
      creationMatch: 'exact_match',
      runtimeMatch: 'exact_match',
      constructorArguments: [
        { name: 'v', type: 'uint256', value: '42' },
        { name: 'l', type: 'string', value: 'real label' },
      ],
    });
  }, 60_000);

  it('a verification stored under the old rules with fake arguments is replaced by a real one', async () => {
    // What the old verifysourcecode stored: runtime compared only, the caller's arguments kept.
    await getDb()
      .db.insertInto('contract_sources')
      .values({
        address: at.box3,
        contract_name: 'Box',
        source: SOURCE,
        abi: JSON.stringify(box.abi),
        compiler_version: '0.8.37',
        compiler_settings: JSON.stringify(SETTINGS),
        origin: 'etherscan',
        match_kind: 'full',
        constructor_args: fakeArgs,
      })
      .execute();
    expect((await sourceCode(at.box3)).ConstructorArguments).toBe(fakeArgs.slice(2));
    const res = await etherscanVerify(at.box3);
    expect(res).toMatchObject({ status: '1', result: 'Pass - Verified' });
    expect((await sourceCode(at.box3)).ConstructorArguments).toBe(realArgs.slice(2));
  }, 60_000);

  it('a factory-made contract verifies with its internal creation arguments (factory unverified)', async () => {
    const wrong = await etherscanVerify(at.child, coder.encode(['uint256', 'string'], [7, 'adult']));
    expect(wrong.result).toBe(
      'Fail - Unable to verify. Constructor arguments differ from the chain\'s: argument 2 (l string) is "adult" in the request but "child" on chain. Please check if the correct constructor arguments were entered.',
    );
    const res = await etherscanVerify(at.child);
    expect(res).toMatchObject({ status: '1', result: 'Pass - Verified' });
    expect((await sourceCode(at.child)).ConstructorArguments).toBe(coder.encode(['uint256', 'string'], [7, 'child']).slice(2));
    const row = await getDb()
      .db.selectFrom('contract_sources')
      .select(['factory', 'creation_tx_hash', 'creation_match'])
      .where('address', '=', at.child)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ factory: at.factory, creation_tx_hash: at.childTx, creation_match: 'exact_match' });
  }, 60_000);

  it('without init code on record (an untraced block), the creation is traced on demand', async () => {
    await getDb().db.updateTable('internal_transactions').set({ input: null }).where('tx_hash', '=', at.child2Tx).execute();
    const res = await verifyJson(at.child2);
    expect(res.statusCode).toBe(200);
    expect(res.body.result?.constructorArguments).toEqual([
      { name: 'v', type: 'uint256', value: '8' },
      { name: 'l', type: 'string', value: 'second child' },
    ]);
  }, 60_000);

  it('refuses a source whose runtime matches but whose creation code differs', async () => {
    // Another constructor body: the runtime code is the same but for its metadata; only the creation code tells.
    const other = SOURCE.replace('value = v; label = l;', 'value = v + 0; label = l; if (v == 1) { value = 2; }');
    const res = await verifyJson(at.box4, { source: other });
    expect(res.statusCode).toBe(400);
    expect(res.body.message).toMatch(
      /^Bytecode mismatch: the compiled creation code of Box does not match the creation code on chain \(transaction 0x[0-9a-f]{64}\): they differ from byte \d+$/,
    );
  }, 60_000);

  it('the contract detail shows levels, compiler, decoded arguments, creation and a similar verified contract', async () => {
    type Detail = {
      result: Record<string, unknown> & { verification: Record<string, unknown> | null; similarTo: Record<string, unknown> | null };
    };
    const unverified = (await api.get<Detail>(apiPaths.contractDetail(toRubyAddress(at.box4)))).body.result;
    expect(unverified.verification).toBeNull();
    expect(unverified.similarTo).toMatchObject({ address: toRubyAddress(at.box), contractName: 'Box', source: SOURCE });
    expect(unverified.creation).toMatchObject({ creator: toRubyAddress(wallet.address), factory: null });
    // A similar contract never stands in the way of the real verification.
    expect((await verifyJson(at.box4)).statusCode).toBe(200);
    await indexNow(api);
    const verified = (await api.get<Detail>(apiPaths.contractDetail(toRubyAddress(at.box4)))).body.result;
    expect(verified.similarTo).toBeNull();
    expect(verified.verification).toMatchObject({
      creationMatch: 'exact_match',
      runtimeMatch: 'exact_match',
      contractName: 'Box',
      fullyQualifiedName: 'Box.sol:Box',
      compilerVersion: expect.stringMatching(/^v0\.8\.\d+\+commit\.[0-9a-f]{8}$/) as unknown,
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      constructorArguments: [
        { name: 'v', type: 'uint256', value: '5' },
        { name: 'l', type: 'string', value: 'fourth' },
      ],
    });
    const child = (await api.get<Detail>(apiPaths.contractDetail(toRubyAddress(at.child)))).body.result;
    expect(child.creation).toMatchObject({
      txHash: at.childTx,
      creator: toRubyAddress(wallet.address),
      factory: toRubyAddress(at.factory),
    });
  }, 60_000);
});
