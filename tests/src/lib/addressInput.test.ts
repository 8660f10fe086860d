import { describe, expect, it } from 'vitest';
import { isAddressInput, sameAddressInput } from '../../../src/lib/addressInput';

describe('isAddressInput', () => {
  it.each([
    ['r976EA74026E726554dB657fA54763abd0C3a0aa9', true],
    ['R976ea74026e726554db657fa54763abd0c3a0aa9', true],
    ['0x976ea74026e726554db657fa54763abd0c3a0aa9', true],
    ['0X976EA74026E726554DB657FA54763ABD0C3A0AA9', true],
    [' r976EA74026E726554dB657fA54763abd0C3a0aa9 ', true],
    ['976ea74026e726554db657fa54763abd0c3a0aa9', false],
    ['r976ea74026e726554db657fa54763abd0c3a0aa', false],
    ['r976ea74026e726554db657fa54763abd0c3a0aaz', false],
    ['x976ea74026e726554db657fa54763abd0c3a0aa9', false],
    ['', false],
  ])('%s → %s', (input, valid) => expect(isAddressInput(input)).toBe(valid));

  it('compares r… and 0x… forms case-insensitively', () => {
    expect(sameAddressInput('r976EA74026E726554dB657fA54763abd0C3a0aa9', '0x976ea74026e726554db657fa54763abd0c3a0aa9')).toBe(true);
    expect(sameAddressInput('r976EA74026E726554dB657fA54763abd0C3a0aa9', 'r14dC79964da2C08b23698B3D3cc7Ca32193d9955')).toBe(false);
    expect(sameAddressInput('nope', 'nope')).toBe(false);
  });
});
