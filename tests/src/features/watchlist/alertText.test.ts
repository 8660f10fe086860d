/**
 * Watchlist alerts in words (issue #19): a coin alert of a transaction that moved no coin says
 * what the transaction did (a swap, tokens received or sent, the function called), never
 * "received 0 RUBY"; coin and token alerts read as before.
 */
import { describe, expect, it } from 'vitest';
import type { WatchNotification, WatchTokenMove } from '../../../../common/api/watchlist';
import { alertText } from '../../../../src/features/watchlist/alertText';
import { shortenAddress } from '../../../../src/lib/shorten';

const WATCHED = 'r1111111111111111111111111111111111111111';
const OTHER = 'r2222222222222222222222222222222222222222';
const RUSD = 'r3333333333333333333333333333333333333333';
const RBT = 'r4444444444444444444444444444444444444444';
const other = shortenAddress(OTHER, 12);

function note(over: Partial<WatchNotification>): WatchNotification {
  return {
    id: 1,
    address: WATCHED,
    label: 'Router',
    kind: 'incoming',
    hash: `0x${'ab'.repeat(32)}`,
    blockNumber: 9,
    counterparty: OTHER,
    tokenAddress: null,
    tokenSymbol: null,
    tokenDecimals: null,
    valueWei: '0',
    method: null,
    moves: [],
    createdAt: '2026-11-26T20:00:00.000Z',
    read: false,
    ...over,
  };
}

const move = (direction: 'in' | 'out', tokenAddress: string, tokenSymbol: string, valueWei: string): WatchTokenMove => ({
  direction,
  tokenAddress,
  tokenSymbol,
  tokenDecimals: 18,
  valueWei,
  tokenId: null,
});
const TEN_RUSD = move('out', RUSD, 'RUSD', '10000000000000000000');
const RBT_2_5 = move('in', RBT, 'RBT', '2500000000000000000');

describe('alertText', () => {
  it('a swap through a watched router: who swapped what for what, through the router', () => {
    const text = alertText(note({ method: 'swapExactTokensForTokens', moves: [TEN_RUSD, RBT_2_5] }));
    expect(text).toBe(`${other} swapped 10 RUSD for 2.5 RBT through Router`);
    expect(text).not.toMatch(/RUBY/);
  });

  it("a watched account's own swap: it swapped", () => {
    expect(alertText(note({ kind: 'outgoing', label: 'Savings', method: 'swapExactTokensForTokens', moves: [TEN_RUSD, RBT_2_5] }))).toBe(
      'Savings swapped 10 RUSD for 2.5 RBT',
    );
  });

  it('tokens only received, or only sent', () => {
    expect(
      alertText(note({ kind: 'outgoing', label: 'Savings', method: 'claim', moves: [move('in', RUSD, 'RUSD', '10000000000000000000')] })),
    ).toBe('Savings received 10 RUSD');
    expect(alertText(note({ kind: 'outgoing', label: 'Savings', method: 'transfer', counterparty: RUSD, moves: [TEN_RUSD] }))).toBe(
      'Savings sent 10 RUSD',
    );
    expect(alertText(note({ method: 'deposit', moves: [TEN_RUSD] }))).toBe(`${other} sent 10 RUSD through Router`);
  });

  it('a zero-value call that moved no token says the call', () => {
    expect(alertText(note({ method: 'sync' }))).toBe(`${other} called sync on Router`);
    expect(alertText(note({ kind: 'outgoing', label: 'Savings', method: '0xdeadbeef' }))).toBe(`Savings called 0xdeadbeef on ${other}`);
    expect(alertText(note({ kind: 'outgoing', label: 'Savings', method: 'Contract Creation' }))).toBe(
      `Savings deployed the contract ${other}`,
    );
  });

  it('NFT moves name the token id, an ERC-1155 amount its count', () => {
    const nft = { direction: 'in' as const, tokenAddress: RBT, tokenSymbol: 'RNFT', tokenDecimals: null, valueWei: '1', tokenId: '7' };
    expect(alertText(note({ kind: 'outgoing', label: 'S', method: 'mint', moves: [nft] }))).toBe('S received RNFT #7');
    expect(alertText(note({ kind: 'outgoing', label: 'S', method: 'mint', moves: [{ ...nft, valueWei: '3' }] }))).toBe(
      'S received 3 × RNFT #7',
    ); // A token alert of an ERC-1155 log: each id with its amount, not the first id alone.
    const batch = [
      { ...nft, valueWei: '5', tokenId: '3' },
      { ...nft, valueWei: '1', tokenId: '4' },
    ];
    expect(
      alertText(note({ kind: 'token_in', tokenAddress: RBT, tokenSymbol: 'RNFT', tokenDecimals: null, valueWei: '3', moves: batch })),
    ).toBe(`Router received 5 × RNFT #3, RNFT #4 from ${other}`);
  });

  it('coin and token alerts read as before', () => {
    expect(alertText(note({ valueWei: '1500000000000000000' }))).toBe(`Router received 1.5 RUBY from ${other}`);
    expect(alertText(note({ kind: 'outgoing', valueWei: '1500000000000000000', counterparty: null }))).toBe(
      'Router sent 1.5 RUBY to a new contract',
    );
    // A plain transfer of 0 RUBY (no input) is what it is.
    expect(alertText(note({}))).toBe(`Router received 0 RUBY from ${other}`);
    expect(
      alertText(note({ kind: 'token_in', tokenAddress: RUSD, tokenSymbol: 'RUSD', tokenDecimals: 18, valueWei: '10000000000000000000' })),
    ).toBe(`Router received 10 RUSD from ${other}`);
    expect(alertText(note({ kind: 'token_out', tokenAddress: RBT, tokenSymbol: 'RNFT', tokenDecimals: null, valueWei: '7' }))).toBe(
      `Router sent RNFT #7 to ${other}`,
    );
  });
});

describe('approval alerts', () => {
  const approval = (over: Partial<WatchNotification>) =>
    note({ kind: 'approval', tokenAddress: RUSD, tokenSymbol: 'RUSD', tokenDecimals: 18, ...over });
  it('says UNLIMITED loudly for the largest allowance', () => {
    expect(alertText(approval({ valueWei: ((1n << 256n) - 1n).toString() }))).toBe(
      `⚠ Router gave ${other} an UNLIMITED approval to spend its RUSD`,
    );
  });
  it('names a finite allowance, an NFT and an operator', () => {
    expect(alertText(approval({ valueWei: '2500000000000000000' }))).toBe(`Router approved ${other} to spend 2.5 RUSD`);
    expect(alertText(approval({ tokenSymbol: 'GEM', tokenDecimals: null, valueWei: '7' }))).toBe(`Router approved ${other} for GEM #7`);
    expect(alertText(approval({ tokenSymbol: 'GEM', tokenDecimals: null, valueWei: '0' }))).toBe(`Router approved ${other} for GEM`);
  });
});
