import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '../../../src/app/App';
import { makeStore } from '../../../src/app/store';
import { clearToken, setToken } from '../../../src/lib/authToken';

const ADDR = 'rAbCdEf0123456789aBcDeF0123456789AbCdEf01';
const HASH = `0x${'ab'.repeat(32)}`;

// Every route of the spec (docs/decisions.md#spec-screens), aliases included, and the heading its screen shows.
const CASES: [string, string][] = [
  ['/', 'Ruby Blockchain Explorer'],
  ['/aa', 'Ruby Blockchain Explorer'],
  ['/Alltransactions', 'Ruby transactions'],
  ['/Allblock', 'Blocks'],
  ['/AllBlock', 'Blocks'],
  ['/Block/123', 'Block #123'],
  ['/block/77', 'Block #77'],
  [`/transaction/${HASH}`, 'Transaction Detail'],
  [`/address/${ADDR}`, 'Address'],
  ['/Topaccounts', 'Top accounts'],
  ['/Tokens', 'Verified Ruby Tokens'],
  [`/TokenDetail/${ADDR}`, 'Token'],
  ['/VerifiedRuby', 'Verified Ruby contracts'],
  [`/contractDetail/${ADDR}`, 'Contract'],
  [`/ContractDetail/${ADDR}`, 'Contract'],
  ['/Deploycontract', 'Deploy contract'],
  ['/rubyWeb3Docs', 'rubyWeb3 Docs'],
  ['/Chart', 'Charts & stats'],
  ['/Api', 'API documentation'],
  ['/Account', 'Login'],
  ['/Signup', 'Sign up'],
  ['/Wallet/ann@example.com', 'Wallet access'],
  ['/Dashboard', 'Overview'],
  ['/Dashboard/ann@example.com', 'Overview'],
  ['/IssueForm', 'Report issue'],
  ['/Featurerequest', 'Feature request'],
  ['/TermsAndConditions', 'Terms and Conditions'],
  ['/PrivacyPolicy', 'Privacy Policy'],
  ['/Invalidinput', 'No results found'],
  ['/SearchToken', 'Search token'],
  [`/VerifyContract/${ADDR}`, 'Verify & Publish contract source'],
  ['/advanced-filter?from=rnot-an-address', 'Advanced filter'],
  // EIP-3091 wallet links (issue #38): redirected to the explorer's pages; a wallet names addresses in their 0x form.
  [`/tx/${HASH}`, 'Transaction Detail'],
  [`/token/0x${'ab'.repeat(20)}`, 'Token'],
  [`/address/0x${'ab'.repeat(20)}`, 'Address'],
];

/** An unexpired login token for ann@example.com (the SPA decodes it; only the API checks the signature). */
function loginToken(): string {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ email: 'ann@example.com', iat: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
}

function renderAt(path: string) {
  // The wallet screens need a valid token (without one they go to /Account: docs/decisions.md#spec-states, #spec-errors).
  // Stored through authToken, as the app stores it, so the session hears of it.
  if (/^\/(Wallet|Dashboard)\b/.test(path)) setToken(loginToken());
  const { hook } = memoryLocation({ path });
  return render(<App locationHook={hook} store={makeStore()} />);
}

describe('route table', () => {
  beforeEach(() => {
    localStorage.clear();
    clearToken();
  });

  it.each(CASES)('%s renders its screen inside header and footer', async (path, heading) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('passes route parameters to the screen', async () => {
    renderAt('/Wallet/ann@example.com');
    expect(await screen.findByText('ann@example.com')).toBeInTheDocument();
  });

  it('/aa is the home variant', async () => {
    const { container } = renderAt('/aa');
    await screen.findByRole('heading', { level: 1 });
    expect(container.querySelector('[data-variant="aa"]')).not.toBeNull();
  });

  it.each(['/nope', '/Block', '/transaction/', '/Alltransactions/extra/more'])(
    'unknown route %s falls to our 404 page, not a crash title (issue #25, item 13)',
    async (path) => {
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByText(/404 Not Found/)).toBeInTheDocument();
      expect(screen.queryByText(/Unexpected Application Error!/)).toBeNull();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    },
  );

  it('sets the document title from the page heading', async () => {
    renderAt('/Tokens');
    await screen.findByRole('heading', { level: 1, name: 'Verified Ruby Tokens' });
    expect(document.title).toBe('Verified Ruby Tokens | Ruby Explorer');
  });
});
