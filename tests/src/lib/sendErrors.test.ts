/**
 * Issue #38, defect 12: the Send dialog's plain words. The amount's spelling and the balance are checked before
 * anything is signed (src/lib/sendAmount.ts); what ethers and the node answer is put in plain words in one place
 * (src/lib/sendErrors.ts). The node's words are anvil's, as it answered a transfer above the balance of an
 * OpenZeppelin 5 token (RubyToken, 10 RGLD held, 100 sent); ethers' are those of ethers v6 itself.
 */
import { assertArgument, id, parseUnits } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../src/lib/i18n/locale';
import { ApiCallError } from '../../../src/lib/apiCallError';
import { fundsProblem, parseSendAmount } from '../../../src/lib/sendAmount';
import { ERC20_ERRORS, plainSendError } from '../../../src/lib/sendErrors';
import { SEND_TEXTS, WALLET_FORM_TEXTS } from '../../../src/lib/walletTexts';
import { ANVIL_INSUFFICIENT_BALANCE } from '../../helpers/nodeWords';

const RGLD = { symbol: 'RGLD', decimals: 18, coinSymbol: 'RUBY' };
const units = (r: ReturnType<typeof parseSendAmount>) => ('units' in r ? r.units : r.problem);

afterEach(async () => setLocale('en'));

describe('the amount, before signing', () => {
  it('reads plain digits with a dot, up to the decimals', () => {
    expect(units(parseSendAmount('1.5', 18, 'RUBY'))).toBe(1_500_000_000_000_000_000n);
    expect(units(parseSendAmount(' 0.000001 ', 6, 'RUSD'))).toBe(1n);
    expect(units(parseSendAmount('.5', 2, 'X'))).toBe(50n);
    expect(units(parseSendAmount('2.500', 1, 'X'))).toBe(25n); // trailing zeros are no decimals
  });

  it('refuses each wrong spelling in plain words', () => {
    expect(units(parseSendAmount('', 18, 'RUBY'))).toBe(WALLET_FORM_TEXTS.amountRequired);
    expect(units(parseSendAmount('1e30', 18, 'RUBY'))).toBe(SEND_TEXTS.amountExponent);
    expect(units(parseSendAmount('0,5', 18, 'RUBY'))).toBe(SEND_TEXTS.amountComma({ suggestion: '0.5' }));
    expect(units(parseSendAmount('1,000', 18, 'RUBY'))).toBe(SEND_TEXTS.amountComma({ suggestion: '1000' }));
    expect(units(parseSendAmount('-1', 18, 'RUBY'))).toBe(SEND_TEXTS.amountNegative);
    expect(units(parseSendAmount('0', 18, 'RUBY'))).toBe(WALLET_FORM_TEXTS.amountNumeric);
    expect(units(parseSendAmount('abc', 18, 'RUBY'))).toBe(WALLET_FORM_TEXTS.amountNumeric);
    expect(units(parseSendAmount('1.1234567', 6, 'RUSD'))).toBe(SEND_TEXTS.amountTooManyDecimals({ symbol: 'RUSD', decimals: '6' }));
    expect(units(parseSendAmount('1.5', 0, 'GEM'))).toBe(SEND_TEXTS.amountWhole({ symbol: 'GEM' }));
    expect(units(parseSendAmount('9'.repeat(80), 18, 'RUBY'))).toBe(SEND_TEXTS.amountTooLarge);
    expect(SEND_TEXTS.amountTooManyDecimals({ symbol: 'RUSD', decimals: '6' })).toBe(
      'Too many decimals: RUSD has at most 6 digits after the dot.',
    );
  });

  it('takes exactly what ethers takes: every accepted spelling parses the same in parseUnits', () => {
    for (const [s, d] of [
      ['1.5', 18],
      ['0.000001', 6],
      ['12', 0],
      ['2.500', 1],
    ] as const) {
      expect(units(parseSendAmount(s, d, 'X'))).toBe(parseUnits(s.replace(/0+$/, '').replace(/\.$/, ''), d));
    }
  });

  it('refuses an amount above the balance shown; for the coin with the fee estimate', () => {
    const coin = { balanceWei: (10n * 10n ** 18n).toString(), decimals: 18, symbol: 'RUBY' };
    expect(fundsProblem(11n * 10n ** 18n, coin, 'coin')).toBe('Not enough RUBY: balance 10, needed 11.');
    expect(fundsProblem(10n * 10n ** 18n, { ...coin, feeWei: '42000000000000' }, 'coin')).toBe(
      'Not enough RUBY: balance 10, needed 10.000042 (the amount plus a network fee of at most 0.000042).',
    );
    expect(fundsProblem(9n * 10n ** 18n, { ...coin, feeWei: '42000000000000' }, 'coin')).toBeNull();
    const token = { balanceWei: '100000000', decimals: 6, symbol: 'RUSD', feeWei: '42000000000000', coinBalanceWei: '0' };
    expect(fundsProblem(100_000_001n, token, 'token')).toBe('Not enough RUSD: balance 100, needed 100.000001.');
    expect(fundsProblem(1n, token, 'token')).toBe('Not enough RUBY for the network fee: balance 0, the fee may be up to 0.000042.');
  });
});

describe("ethers' and the node's words, plain", () => {
  it('names the OpenZeppelin 5 errors by their real selectors', () => {
    for (const [selector, signature] of Object.entries(ERC20_ERRORS)) expect(id(signature).slice(0, 10)).toBe(selector);
  });

  it("decodes ERC20InsufficientBalance with the token's symbol and decimals", () => {
    expect(plainSendError(new Error(ANVIL_INSUFFICIENT_BALANCE), RGLD)).toBe('Not enough RGLD: balance 10, needed 100.');
    // The server's English body is read even when the message was translated.
    const translated = new ApiCallError('…', 400, { status: false, message: ANVIL_INSUFFICIENT_BALANCE });
    expect(plainSendError(translated, RGLD)).toBe('Not enough RGLD: balance 10, needed 100.');
  });

  it('names an unknown custom error by its selector alone, never its data', () => {
    const text = plainSendError(
      new Error(`The transaction would fail: execution reverted: custom error 0x12345678: ${'ab'.repeat(96)}`),
      RGLD,
    );
    expect(text).toBe('The contract refused the transfer (its error 0x12345678).');
    expect(plainSendError(new Error('The transaction would fail: execution reverted: Ownable: caller is not the owner'), RGLD)).toBe(
      'The contract refused the transfer: Ownable: caller is not the owner',
    );
    expect(plainSendError(new Error('The transaction would fail: execution reverted'), RGLD)).toBe(SEND_TEXTS.contractRefusedNoReason);
  });

  it("says a node's 'insufficient funds' plainly", () => {
    expect(
      plainSendError(
        new Error('The node refused the transaction: eth_sendRawTransaction: insufficient funds for gas * price + value'),
        RGLD,
      ),
    ).toBe('Not enough RUBY to pay the amount and the network fee.');
  });

  it("says ethers' wrong keystore password and too many decimals plainly", () => {
    // ethers' json-keystore.ts: assertArgument(…, "incorrect password", "password", "[ REDACTED ]") (jsdom's Buffer
    // trips ethers' scrypt here, so the error is made the way that line makes it).
    let wrong: unknown;
    try {
      assertArgument(false, 'incorrect password', 'password', '[ REDACTED ]');
    } catch (e) {
      wrong = e;
    }
    expect(String((wrong as Error).message)).toMatch(/^incorrect password \(argument="password"/);
    expect(plainSendError(wrong, RGLD)).toBe('Incorrect account password: it does not open this wallet.');
    let numeric: unknown;
    try {
      parseUnits('1.1234567', 6);
    } catch (e) {
      numeric = e;
    }
    expect(String((numeric as Error).message)).toMatch(/code=NUMERIC_FAULT/);
    expect(plainSendError(numeric, { ...RGLD, symbol: 'RUSD', decimals: 6 })).toBe(
      'Too many decimals: RUSD has at most 6 digits after the dot.',
    );
  });

  it('drops the technical suffix of any other ethers error', () => {
    const e = Object.assign(new Error('invalid BytesLike value (argument="value", value="0x1", code=INVALID_ARGUMENT, version=6.15.0)'), {
      code: 'INVALID_ARGUMENT',
      argument: 'value',
      shortMessage: 'invalid BytesLike value',
    });
    expect(plainSendError(e, RGLD)).toBe('invalid BytesLike value');
  });

  it('speaks Hindi, the amounts kept as they are', async () => {
    await setLocale('hi');
    expect(plainSendError(new Error(ANVIL_INSUFFICIENT_BALANCE), RGLD)).toBe('पर्याप्त RGLD नहीं है: शेष राशि 10, आवश्यक 100।');
  });
});
