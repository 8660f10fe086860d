import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LEGAL_DATE } from '../../../../common/spec';
import { PrivacyPage } from '../../../../src/features/legal/PrivacyPage';
import { TermsPage } from '../../../../src/features/legal/TermsPage';
import { setLocale } from '../../../../src/lib/i18n/locale';
import { renderWithProviders } from '../../utils/renderWithProviders';

const text = () => document.body.textContent?.replace(/\s+/g, ' ') ?? '';

/** Every entry of the contents links to a section of the page with that heading. */
function contentsMatchSections(name = 'Contents') {
  const toc = screen.getByRole('navigation', { name });
  const links = within(toc).getAllByRole('link');
  expect(links.length).toBeGreaterThan(8);
  for (const link of links) {
    const id = link.getAttribute('href')?.slice(1) ?? '';
    const section = document.getElementById(id);
    expect(section, id).not.toBeNull();
    expect(within(section as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent ?? '');
  }
}

describe('Terms and Conditions', () => {
  it('states the date, the age limit, non-refundable subscriptions and final transactions', () => {
    renderWithProviders(<TermsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument();
    expect(screen.getByText(LEGAL_DATE)).toHaveAttribute('datetime', '2024-11-07');
    expect(text()).toContain('Last updated: 07-11-2024');
    expect(text()).toContain('Children under 13 are not allowed to use it or to create an account.');
    expect(text()).toContain('Subscription payments are non-refundable');
    expect(text()).toContain('Once confirmed they cannot be reversed');
    expect(text()).toMatch(/private key .* is used once, in memory, to sign your transaction and is never stored or logged/);
    expect(document.title).toBe('Terms and Conditions | Ruby Explorer');
    contentsMatchSections();
  });

  it('links to the privacy policy and the forms through the app routes', () => {
    renderWithProviders(<TermsPage />);
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/PrivacyPolicy');
    expect(screen.getAllByRole('link', { name: 'Report issue' })[0]).toHaveAttribute('href', '/IssueForm');
    expect(screen.getByRole('link', { name: 'Feature request' })).toHaveAttribute('href', '/Featurerequest');
  });
});

describe('Privacy Policy', () => {
  it('states the date, the age limit and non-refundable subscriptions', () => {
    renderWithProviders(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(text()).toContain('Last updated: 07-11-2024');
    expect(text()).toContain('The Service is not for children under 13.');
    expect(text()).toContain('subscription payments are non-refundable');
    contentsMatchSections();
  });

  it('says what the product does with data: accounts, keystores, forms, logs, chain data, browser storage', () => {
    renderWithProviders(<PrivacyPage />);
    const t = text();
    expect(t).toContain('We store your email address and a hash of the log-in key made with scrypt');
    expect(t).toContain('We never receive your password');
    expect(t).toContain('your browser encrypts the key with the wallet key made from your password into a keystore');
    expect(t).toContain('cannot decrypt the keystore');
    expect(t).toContain('The server never receives your private key in plain text');
    expect(t).toContain('we store your name, your email address, your description and the time of submission');
    expect(t).toContain('They never contain passwords, private keys, login tokens or the contents of your forms.');
    expect(t).toContain('Blocks, transactions, addresses, balances, tokens and contracts are public on the Ruby chain.');
    expect(t).toContain('your login token and your last five search terms');
  });
});

describe('in Hindi (issue #21)', () => {
  afterEach(async () => {
    await setLocale('en');
  });

  it('shows both documents in Hindi, with the date, the age, the links and the section anchors kept', async () => {
    await setLocale('hi');
    const { unmount } = renderWithProviders(<TermsPage />);
    let t = text();
    expect(t).toContain('अंतिम अपडेट: 07-11-2024');
    expect(t).toContain('13 वर्ष से कम उम्र के बच्चों को इसका उपयोग करने या खाता बनाने की अनुमति नहीं है।');
    expect(t).not.toContain('Once confirmed they cannot be reversed');
    expect(screen.getByRole('link', { name: 'गोपनीयता नीति' })).toHaveAttribute('href', '/PrivacyPolicy');
    expect(t).toContain('अपना खाता हटवाने के लिए समस्या की रिपोर्ट करें फ़ॉर्म से हमसे कहें।');
    expect(screen.getByRole('navigation', { name: 'विषय-सूची' })).toBeInTheDocument();
    contentsMatchSections('विषय-सूची');
    unmount();

    renderWithProviders(<PrivacyPage />);
    t = text();
    expect(t).toContain('यह सेवा 13 वर्ष से कम उम्र के बच्चों के लिए नहीं है।');
    expect(t).not.toContain('public on the Ruby chain');
    expect(screen.getAllByRole('link', { name: 'समस्या की रिपोर्ट करें' })[0]).toHaveAttribute('href', '/IssueForm');
    contentsMatchSections('विषय-सूची');
  });
});
