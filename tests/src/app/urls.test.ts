import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../common/spec';
import { tabSlug, urls, withView } from '../../../src/app/urls';

const HASH = '0x1234567890abcdef1234567890abcdef1234567890abcdef1234567890abcdef';
const ADDR = 'rAbCdEf0123456789aBcDeF0123456789AbCdEf01';

describe('urls', () => {
  it('builds every route of the spec', () => {
    expect(urls.home()).toBe('/');
    expect(urls.allTransactions()).toBe('/Alltransactions');
    expect(urls.blocks()).toBe('/Allblock');
    expect(urls.block(42)).toBe('/Block/42');
    expect(urls.block(10n ** 20n)).toBe('/Block/100000000000000000000');
    expect(urls.block('7')).toBe('/Block/7');
    expect(urls.transaction(HASH)).toBe(`/transaction/${HASH}`);
    expect(urls.address(ADDR)).toBe(`/address/${ADDR}`);
    expect(urls.topAccounts()).toBe('/Topaccounts');
    expect(urls.tokens()).toBe('/Tokens');
    expect(urls.tokenDetail(ADDR)).toBe(`/TokenDetail/${ADDR}`);
    expect(urls.verifiedContracts()).toBe('/VerifiedRuby');
    expect(urls.contractDetail(ADDR)).toBe(`/contractDetail/${ADDR}`);
    expect(urls.deployContract()).toBe('/Deploycontract');
    expect(urls.rubyWeb3Docs()).toBe('/rubyWeb3Docs');
    expect(urls.chart()).toBe('/Chart');
    expect(urls.api()).toBe('/Api');
    expect(urls.account()).toBe('/Account');
    expect(urls.signup()).toBe('/Signup');
    expect(urls.wallet('ann@example.com')).toBe('/Wallet/ann@example.com');
    expect(urls.dashboard()).toBe('/Dashboard');
    expect(urls.dashboard('ann@example.com')).toBe('/Dashboard/ann@example.com');
    expect(urls.issueForm()).toBe('/IssueForm');
    expect(urls.featureRequest()).toBe('/Featurerequest');
    expect(urls.terms()).toBe('/TermsAndConditions');
    expect(urls.privacy()).toBe('/PrivacyPolicy');
    expect(urls.invalidInput()).toBe('/Invalidinput');
    expect(urls.searchToken()).toBe('/SearchToken');
    expect(urls.aa()).toBe('/aa');
  });

  it('encodes path segments so a value cannot escape its segment', () => {
    expect(urls.address('a/b?c#d')).toBe('/address/a%2Fb%3Fc%23d');
    expect(urls.wallet('a b+c@x.io')).toBe('/Wallet/a%20b%2Bc@x.io');
    expect(urls.dashboard('')).toBe('/Dashboard');
  });

  it('builds a view of a screen: ?tab= (a slug), ?page= (from 2), ?ps=', () => {
    expect(tabSlug('Token transfers')).toBe('token-transfers');
    expect(tabSlug('Blob txns')).toBe('blob-txns');
    expect(tabSlug('Recent Transactions')).toBe('recent-transactions');
    expect(urls.address(ADDR, { tab: 'Token transfers', page: 3 })).toBe(`/address/${ADDR}?tab=token-transfers&page=3`);
    expect(urls.tokenDetail(ADDR, { page: 2, ps: 50 })).toBe(`/TokenDetail/${ADDR}?page=2&ps=50`);
    expect(urls.blocks({ page: 1 })).toBe('/Allblock');
    expect(urls.allTransactions({ tab: 'Pending' })).toBe('/Alltransactions?tab=pending');
    expect(urls.block(7, { tab: 'Transactions' })).toBe('/Block/7?tab=transactions');
    expect(urls.transaction(HASH, { tab: 'Raw trace' })).toBe(`/transaction/${HASH}?tab=raw-trace`);
    expect(urls.contractDetail(ADDR, { tab: 'Token' })).toBe(`/contractDetail/${ADDR}?tab=token`);
    expect(urls.topAccounts({ page: 4, ps: 100 })).toBe('/Topaccounts?page=4&ps=100');
    expect(urls.tokens({ page: 2 })).toBe('/Tokens?page=2');
    expect(urls.verifiedContracts({ page: 2 })).toBe('/VerifiedRuby?page=2');
    expect(urls.dashboard(undefined, { tab: 'Tokens' })).toBe('/Dashboard?tab=tokens');
    expect(withView('/x')).toBe('/x');
    expect(withView('/x', {})).toBe('/x');
  });

  it('has a helper for every non-alias route pattern', () => {
    const aliases = new Set(['blocksAlias', 'blockAlias', 'contractDetailAlias', 'dashboardUser', 'txAlias', 'tokenAlias']);
    for (const name of Object.keys(ROUTES)) {
      if (!aliases.has(name)) expect(urls).toHaveProperty(name);
    }
  });
});
