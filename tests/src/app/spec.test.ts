import { describe, expect, it } from 'vitest';
import * as spec from '../../../common/spec';

// Spot checks against the specification (docs/decisions.md#texts), letter for letter: a typo here would reach every screen.
describe('common/spec constants', () => {
  it('texts', () => {
    expect(spec.EMPTY_TEXTS.noTrx).toBe('No Trx available');
    expect(spec.EMPTY_TEXTS.noTokens).toBe('No tokens available');
    expect(spec.EMPTY_TEXTS.noPending).toBe('No pending transactions found.');
    expect(spec.EMPTY_TEXTS.noBlob).toBe('No blob transactions found.');
    expect(spec.EMPTY_TEXTS.loading).toBe('Loading...');
    expect(spec.COPY_TOASTS.home.text).toBe('Copied to clipboard!');
    expect(spec.COPY_TOASTS.detail).toEqual({ text: 'copied to clipboard!', ms: 2000 });
    expect(spec.COPY_TOASTS.api.text).toBe('URL copied to clipboard');
    expect(spec.MESSAGES.loggedOut).toBe('Successfully logged out!');
    expect(spec.SEARCH.placeholder).toBe('Search by address / txn hash / block / token...');
    expect(spec.LEGAL_DATE).toBe('07-11-2024');
  });

  it('limits and constants', () => {
    expect(spec.PAGE_SIZE).toBe(20);
    expect(spec.PAGE_SIZES).toEqual({ default: 20, dashboardInternal: 200, tokenTransfers: 200, topAccountsChart: 30 });
    expect(spec.SEARCH.historySize).toBe(5);
    expect(spec.SEARCH.nameThreshold).toBe(20);
    expect(spec.SEARCH.walletTokenThreshold).toBe(10);
    expect(spec.AGE).toEqual({ minute: 60, hour: 3600, day: 86400, refreshMs: 1000 });
    expect(spec.TIMING).toMatchObject({ logoutAlertMs: 3000, blurDelayMs: 200, addressToastMs: 2000, toastMs: 5000, transitionMs: 300 });
    expect(spec.DECIMALS).toMatchObject({ list: 5, fee: 5, detail: 6, usd: 2 });
    expect(spec.RUPEE_PER_USD).toBe(87);
    expect(spec.TOTAL_SUPPLY).toBe(271822351);
    expect(spec.QR_SIZE).toBe(256);
  });

  it('fillMessage fills placeholders and leaves unknown ones', () => {
    expect(spec.fillMessage(spec.MESSAGES.walletNotLinked, { msg: 'no wallet' })).toBe('wallet not linked: no wallet');
    expect(spec.fillMessage('a {x} {y}', { x: '1' })).toBe('a 1 {y}');
  });
});
