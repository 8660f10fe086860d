/**
 * Match levels as Sourcify names them (issue #26), on PGlite and PostgreSQL: a contract deployed
 * from a source that differs only in a comment (so only the metadata hash differs) verifies as
 * `match` for creation and runtime, a later request with the exact source upgrades it to
 * `exact_match`, and then "already verified"; a contract calling an external library verifies with
 * the library address taken from the chain's code (Sourcify's `library` transformation).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AbiCoder } from 'ethers';
import { toRubyAddress } from '../../../common/address';
import { apiPaths } from '../../../common/api/paths';
import type { SourcifyContract } from '../../../common/api/sourcify';
import { compileSolidity } from '../../../server/chain/compile';
import { startIndexedChain, type IndexedChain, type TestApi } from '../../helpers/apiFixture';
import { describeEachDatabase } from '../../helpers/db';
import { deployRaw, fundedKey, indexNow, postJson } from '../api/deployFixture';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Vaulted {
    address public immutable keeper;
    uint256 public amount;
    constructor(address k, uint256 a) { keeper = k; amount = a; }
}
`;
const COMMENTED = SOURCE.replace('contract Vaulted {', '/// deployed from a commented copy\ncontract Vaulted {');
const LIB = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
library Maths {
    function triple(uint256 x) public pure returns (uint256) { return x * 3; }
}
contract UsesMaths {
    function go(uint256 x) external pure returns (uint256) { return Maths.triple(x); }
}
`;
const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun' };
let chain: IndexedChain;
const at = { vaulted: '', maths: '', uses: '' };
const keeper = '0x00000000000000000000000000000000000000aa';

beforeAll(async () => {
  chain = await startIndexedChain({ steps: 1 });
  await chain.rpc.call('evm_setAutomine', [true]);
  const wallet = await fundedKey(chain.rpc, 100n);
  const commented = (await compileSolidity({ 'Vaulted.sol': COMMENTED }, SETTINGS)).artifacts.find((a) => a.contractName === 'Vaulted')!;
  at.vaulted = await deployRaw(
    chain.rpc,
    wallet,
    commented.bytecode + AbiCoder.defaultAbiCoder().encode(['address', 'uint256'], [keeper, 9]).slice(2),
  );
  const lib = (await compileSolidity({ 'Maths.sol': LIB }, SETTINGS)).artifacts;
  at.maths = await deployRaw(chain.rpc, wallet, lib.find((a) => a.contractName === 'Maths')!.bytecode);
  const uses = lib.find((a) => a.contractName === 'UsesMaths')!;
  // Linked as a deploy tool does: every placeholder replaced by the library's address.
  at.uses = await deployRaw(chain.rpc, wallet, uses.bytecode.replace(/__\$[0-9a-f]{34}\$__/g, at.maths.slice(2)));
}, 180_000);
afterAll(() => chain?.stop());

describeEachDatabase('match levels, upgrade, libraries', (getDb) => {
  let api: TestApi;
  beforeAll(async () => {
    api = await chain.api(getDb());
    await indexNow(api);
  }, 120_000);
  afterAll(() => api?.close());

  const verify = (address: string, source: string, name: string, file: string) =>
    postJson<{ status: boolean; message?: string; result?: Record<string, unknown> }>(api, apiPaths.verifyContract(), {
      address: toRubyAddress(address),
      contractName: name,
      source,
      fileName: file,
      settings: SETTINGS,
    });

  it('a source differing only in its metadata verifies as match, is upgraded to exact_match, then is already verified', async () => {
    const partial = await verify(at.vaulted, SOURCE, 'Vaulted', 'Vaulted.sol');
    expect(partial.statusCode).toBe(200);
    expect(partial.body.result).toMatchObject({
      match: 'partial',
      creationMatch: 'match',
      runtimeMatch: 'match',
      constructorArguments: [
        { name: 'k', type: 'address', value: toRubyAddress(keeper) },
        { name: 'a', type: 'uint256', value: '9' },
      ],
    });
    // The same partial source again cannot replace it (nothing better).
    const same = await verify(at.vaulted, SOURCE, 'Vaulted', 'Vaulted.sol');
    expect(same.statusCode).toBe(409);
    expect(same.body.message).toBe(
      'Contract source code already verified (creation match, runtime match); only an exact match can replace it',
    );
    const exact = await verify(at.vaulted, COMMENTED, 'Vaulted', 'Vaulted.sol');
    expect(exact.statusCode).toBe(200);
    expect(exact.body.result).toMatchObject({ match: 'full', creationMatch: 'exact_match', runtimeMatch: 'exact_match' });
    const again = await verify(at.vaulted, COMMENTED, 'Vaulted', 'Vaulted.sol');
    expect(again).toMatchObject({ statusCode: 409, body: { message: 'Contract source code already verified' } });
    const looked = await api.get<SourcifyContract>(
      apiPaths.sourcifyContract({ chainId: 18215, address: at.vaulted }, { fields: 'runtimeBytecode' }),
    );
    expect(looked.body.runtimeBytecode?.transformations?.filter((t) => t.reason === 'immutable')).not.toHaveLength(0);
    expect(Object.values(looked.body.runtimeBytecode?.transformationValues?.immutables as Record<string, string>)).toEqual([
      `0x${keeper.slice(2).padStart(64, '0')}`,
    ]);
  }, 90_000);

  it('a contract linked to a library verifies with the address from the chain', async () => {
    const res = await verify(at.uses, LIB, 'UsesMaths', 'Maths.sol');
    expect(res.statusCode).toBe(200);
    expect(res.body.result).toMatchObject({ creationMatch: 'exact_match', runtimeMatch: 'exact_match' });
    const looked = await api.get<SourcifyContract>(
      apiPaths.sourcifyContract({ chainId: 18215, address: at.uses }, { fields: 'runtimeBytecode,creationBytecode' }),
    );
    expect(looked.body.runtimeBytecode?.transformationValues).toMatchObject({ libraries: { 'Maths.sol:Maths': at.maths } });
    expect(looked.body.creationBytecode?.transformations?.some((t) => t.reason === 'library' && t.id === 'Maths.sol:Maths')).toBe(true);
    // The library itself: its runtime code starts with PUSH20 <own address> (callProtection).
    const lib = await verify(at.maths, LIB, 'Maths', 'Maths.sol');
    expect(lib.statusCode).toBe(200);
    const libLooked = await api.get<SourcifyContract>(
      apiPaths.sourcifyContract({ chainId: 18215, address: at.maths }, { fields: 'runtimeBytecode' }),
    );
    expect(libLooked.body.runtimeBytecode?.transformationValues).toMatchObject({ callProtection: at.maths });
  }, 90_000);
});
