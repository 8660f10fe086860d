/**
 * Slot naming from solc's storage layout (issue #40, the State tab): a contract compiled here for
 * its layout alone; its slots computed independently by Solidity's rules (packed variables, nested
 * mappings keyed by the transaction's addresses, a mapping to a struct keyed by a call argument, a
 * dynamic array's element, a short string) are named and their values decoded; a slot nothing in
 * the transaction names stays unnamed.
 */
import { AbiCoder, keccak256 } from 'ethers';
import { beforeAll, expect, it } from 'vitest';
import { toRubyAddress } from '../../../common/address';
import { compileStandardJson, standardInput } from '../../../server/chain/compile';
import { candidateKeys, nameSlots, type StorageLayout } from '../../../server/chain/storageLayout';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract L {
  uint128 a; uint64 b; bool c;
  mapping(address => mapping(address => uint256)) allowance;
  uint256[] items;
  string name;
  struct P { address owner; uint96 amount; uint256 t; }
  mapping(uint256 => P) ps;
}`;

let layout: StorageLayout;
beforeAll(async () => {
  const out = await compileStandardJson(standardInput({ 'L.sol': SOURCE }), undefined, { layoutOnly: true });
  expect(out.ok).toBe(true);
  layout = out.artifacts.find((x) => x.contractName === 'L')?.storageLayout as StorageLayout;
  // Layout only: no code was generated.
  expect(out.artifacts[0]?.bytecode).toBe('0x');
}, 60_000);

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';
const enc = (types: string[], values: unknown[]) => AbiCoder.defaultAbiCoder().encode(types, values);
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const ZERO = word(0n);

it('names packed variables, nested mappings, a struct in a mapping, an array element and a string; decodes each value', () => {
  const allowance = keccak256(enc(['address', 'bytes32'], [B, keccak256(enc(['address', 'uint256'], [A, 1]))]));
  const item3 = word(BigInt(keccak256(enc(['uint256'], [2]))) + 3n);
  const p7 = BigInt(keccak256(enc(['uint256', 'uint256'], [7, 4])));
  const ruby = `0x${Buffer.from('Ruby').toString('hex').padEnd(62, '0')}08`;
  const changes = [
    { slot: word(0n), before: ZERO, after: word((1n << 192n) | (7n << 128n) | 5n) },
    { slot: allowance, before: ZERO, after: word(10n ** 18n) },
    { slot: item3, before: ZERO, after: word(42n) },
    { slot: word(3n), before: ZERO, after: ruby },
    { slot: word(p7), before: ZERO, after: word((9n << 160n) | BigInt(B)) },
    { slot: word(p7 + 1n), before: ZERO, after: word(1234n) },
    { slot: word(99n), before: ZERO, after: word(1n) },
  ];
  const input = `0x12345678${word(7n).slice(2)}`;
  const named = nameSlots(layout, candidateKeys([A, B], [], input), changes);
  const simple = named.map((vs) => vs.map((v) => [v.name, v.after]));
  expect(simple).toEqual([
    [
      ['a', '5'],
      ['b', '7'],
      ['c', 'true'],
    ],
    [[`allowance[${toRubyAddress(A)}][${toRubyAddress(B)}]`, (10n ** 18n).toString()]],
    [['items[3]', '42']],
    [['name', 'Ruby']],
    [
      ['ps[7].owner', toRubyAddress(B)],
      ['ps[7].amount', '9'],
    ],
    [['ps[7].t', '1234']],
    [],
  ]);
  expect(named[0]?.map((v) => v.before)).toEqual(['0', '0', 'false']);
});
