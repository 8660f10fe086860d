import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { decodeCall, SELECTOR } from '../../../server/indexer/decode';

const erc20 = new Interface(['function transfer(address _to, uint256 _value)']);
const router = new Interface(['function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to)']);
const A = '0x' + 'ab'.repeat(20);
const B = '0x' + '0c'.repeat(20);

describe('decodeCall', () => {
  it('decodes a token transfer into the spec shape [{ _to, _value }]', () => {
    const data = erc20.encodeFunctionData('transfer', [A, 12345n]);
    expect(data.slice(0, 10)).toBe(SELECTOR.transfer);
    expect(decodeCall(data)).toEqual({ method: 'transfer', decodedInput: [{ _to: A.toLowerCase(), _value: '12345' }] });
  });

  it("gives a swap's first item amount, to, path and amountOutMin", () => {
    const data = router.encodeFunctionData('swapExactTokensForTokens', [10n ** 18n, 5n, [A, B], B]);
    const d = decodeCall(data);
    expect(d?.method).toBe('swapExactTokensForTokens');
    expect(d?.decodedInput?.[0]).toMatchObject({
      amount: '1000000000000000000',
      amountOutMin: '5',
      path: [A.toLowerCase(), B.toLowerCase()],
      to: B.toLowerCase(),
    });
  });

  it("prefers the contract's own ABI over the known signatures", () => {
    const own = new Interface(['function transfer(address recipient, uint256 amount)']);
    const data = own.encodeFunctionData('transfer', [A, 7n]);
    expect(decodeCall(data, [own])?.decodedInput).toEqual([{ recipient: A.toLowerCase(), amount: '7' }]);
  });

  it('names a known method whose arguments are malformed, and keeps an unknown selector as is', () => {
    expect(decodeCall(`${SELECTOR.transfer}1234`)).toEqual({ method: 'transfer', decodedInput: null });
    expect(decodeCall('0xdeadbeef00')).toEqual({ method: '0xdeadbeef', decodedInput: null });
    expect(decodeCall('0x')).toBeNull();
  });
});

describe('decodeCall agrees with ethers on every argument type it decodes itself', () => {
  const iface = new Interface([
    'function f(uint8 a, int16 b, bool c, bytes4 d, bytes e, string s, uint256[] xs, bytes[] bs, address[] as_, int256 n)',
    'function g((uint256 a, address b) t, uint256[2] pair)',
  ]);
  it('decodes static, dynamic and array arguments to the same values', () => {
    const args = [255n, -2n, true, '0x01020304', '0xdeadbeef', 'héllo', [1n, 2n, 3n], ['0x', '0xff00'], [A, B], -(2n ** 200n)];
    const d = decodeCall(iface.encodeFunctionData('f', args), [iface]);
    expect(d?.decodedInput?.[0]).toEqual({
      a: '255',
      b: '-2',
      c: true,
      d: '0x01020304',
      e: '0xdeadbeef',
      s: 'héllo',
      xs: ['1', '2', '3'],
      bs: ['0x', '0xff00'],
      as_: [A.toLowerCase(), B.toLowerCase()],
      n: (-(2n ** 200n)).toString(),
    });
  });
  it('leaves tuples and fixed arrays to ethers', () => {
    const d = decodeCall(
      iface.encodeFunctionData('g', [
        [5n, B],
        [1n, 2n],
      ]),
      [iface],
    );
    expect(d?.method).toBe('g');
    expect(d?.decodedInput).not.toBeNull();
  });
  it('refuses an address word with bits above 160, and reads past the end', () => {
    const bad = `${SELECTOR.transfer}${'f'.repeat(64)}${'0'.repeat(63)}1`;
    expect(decodeCall(bad)).toEqual({ method: 'transfer', decodedInput: null });
    const short = erc20.encodeFunctionData('transfer', [A, 1n]).slice(0, -2);
    expect(decodeCall(short)).toEqual({ method: 'transfer', decodedInput: null });
  });
});
