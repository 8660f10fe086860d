/** The route walk's number check (tests/e2e/walkChecks.ts) judges the texts issue #25 item 4 found. */
import { describe, expect, it } from 'vitest';
import { numberFormatProblems } from '../../e2e/walkChecks';

describe('numberFormatProblems', () => {
  it('flags the ungrouped and over-long numbers the issue saw', () => {
    for (const text of ['1000000000 RUSD', '9971.2797 RUBY', '1000010371.25405 RUSD', '0.1234567 RUBY']) {
      expect(numberFormatProblems([text]), text).toHaveLength(1);
    }
  });

  it('passes what the one formatter writes, and leaves hashes, addresses and ages alone', () => {
    const good = [
      '1,000,000,000 RUSD',
      '9,971.2797 RUBY',
      '0.00010 RUBY',
      '<0.00001 RUBY',
      '12.5%',
      '999 RGLD',
      'Token ID 30 GEM',
      '1,226.100000 RUSD',
    ];
    expect(numberFormatProblems([...good, '0x5be0bd6092', 'rf39Fd6e51aad88F6F4', '3s ago'])).toEqual([]);
  });
});
