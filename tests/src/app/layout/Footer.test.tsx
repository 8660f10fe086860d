import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Footer } from '../../../../src/app/layout/Footer';
import { mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';

// The footer reads /indexing-status (the node's capabilities): answered 404 here, so no line.
let api: ApiMock;
beforeEach(() => {
  api = mockApi([]);
});
afterEach(() => api.restore());

describe('Footer', () => {
  it('says what the product is', () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText(/tool for inspecting and analysing RVM based blockchains/)).toBeInTheDocument();
  });

  it('opens the whitepaper and the Android package in a new tab', () => {
    renderWithProviders(<Footer />);
    for (const name of ['Whitepaper', 'Android app']) {
      const a = screen.getByRole('link', { name });
      expect(a).toHaveAttribute('target', '_blank');
      expect(a).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });

  it('links Terms, Privacy, issue form, feature request and API', () => {
    renderWithProviders(<Footer />);
    const expected = [
      ['Terms and Conditions', '/TermsAndConditions'],
      ['Privacy Policy', '/PrivacyPolicy'],
      ['Report issue', '/IssueForm'],
      ['Feature request', '/Featurerequest'],
      ['Api', '/Api'],
    ];
    for (const [name, href] of expected) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it("lists 'Charts & stats' without navigation, as the spec does", () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText('Charts & stats').closest('a')).toBeNull();
  });

  it("'Gas Tracker' opens the Gas Tracker page (issue #25: the spec's item led nowhere)", () => {
    renderWithProviders(<Footer />);
    expect(screen.getByRole('link', { name: 'Gas Tracker' })).toHaveAttribute('href', '/GasTracker');
  });
});
