import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compileContracts, compileSolidity, type StandardJsonInput } from '../../../server/chain/compile';
import { CompilerPool } from '../../../server/chain/compileWorker';

/** contracts/*.sol: the devnet's token, DEX, DApps and the proxy set (issue #27). */
const PROJECT_CONTRACTS = ['RubyCounterV1', 'RubyCounterV2', 'RubyNFT', 'RubyPair', 'RubyProxy', 'RubyRouter', 'RubySplitter', 'RubyToken'];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('compile', () => {
  it('compiles contracts/*.sol and serves the second call from the cache', async () => {
    const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ruby-compile-'));
    dirs.push(cacheDir);
    const first = await compileContracts({ cacheDir });
    expect(Object.keys(first).sort()).toEqual(PROJECT_CONTRACTS);
    const token = first.RubyToken;
    expect(token?.sourceName).toBe('contracts/RubyToken.sol');
    expect(token?.bytecode).toMatch(/^0x[0-9a-f]{100,}$/);
    expect(token?.deployedBytecode).toMatch(/^0x[0-9a-f]{100,}$/);
    expect(Array.isArray(token?.abi)).toBe(true);
    expect(JSON.stringify(first.RubyRouter?.abi)).toContain('swapExactTokensForTokens');

    expect((await fs.readdir(cacheDir)).filter((f) => f.endsWith('.json'))).toHaveLength(1);
    const started = Date.now();
    const second = await compileContracts({ cacheDir });
    expect(Date.now() - started).toBeLessThan(500);
    expect(second).toEqual(first);
  });

  it('compiles contracts/*.sol on a given compiler (the product passes its compiler worker)', async () => {
    const pool = new CompilerPool();
    const inputs: StandardJsonInput[] = [];
    try {
      const artifacts = await compileContracts({
        compile: (input) => {
          inputs.push(input);
          return pool.compile(input, 120_000);
        },
      });
      expect(inputs).toHaveLength(1);
      expect(Object.keys(inputs[0]?.sources ?? {})).toContain('contracts/RubyToken.sol');
      expect(Object.keys(artifacts).sort()).toEqual(PROJECT_CONTRACTS);
      expect(artifacts.RubyToken?.deployedBytecode).toMatch(/^0x[0-9a-f]{100,}$/);
    } finally {
      await pool.close();
    }
  });

  it('compiles an uploaded source that imports OpenZeppelin', async () => {
    const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
contract Pebble is ERC20 { constructor() ERC20("Pebble", "PBL") { _mint(msg.sender, 1e18); } }`;
    const result = await compileSolidity({ 'Pebble.sol': source });
    expect(result.ok).toBe(true);
    expect(result.compilerVersion).toMatch(/^0\.8\./);
    const names = result.artifacts.map((a) => `${a.sourceName}:${a.contractName}`);
    expect(names).toContain('Pebble.sol:Pebble');
    expect(names).toContain('@openzeppelin/contracts/token/ERC20/ERC20.sol:ERC20');
  });

  it('reports compiler errors with their location', async () => {
    const result = await compileSolidity({ 'Bad.sol': 'pragma solidity ^0.8.20;\ncontract Bad { function f() public { uint x = ; } }' });
    expect(result.ok).toBe(false);
    const error = result.errors.find((e) => e.severity === 'error');
    expect(error?.formattedMessage).toContain('Bad.sol:2');
    expect(error?.sourceLocation?.file).toBe('Bad.sol');
  });

  it('refuses imports outside the OpenZeppelin packages', async () => {
    for (const target of ['/etc/passwd', '../../package.json', '@openzeppelin/contracts/../../../package.json']) {
      const result = await compileSolidity({ 'Sneaky.sol': `pragma solidity ^0.8.20;\nimport "${target}";\ncontract S {}` });
      expect(result.ok, target).toBe(false);
      expect(result.errors.map((e) => e.message).join('\n')).toMatch(/not found|Source/i);
    }
  });
});
