/**
 * The two documentation pages in Hindi (issue #21): prose, section names, table headers and the
 * operation summaries translated; code, paths, HTTP methods and parameter names kept as they are.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiDocsPage } from '../../../../src/features/docs/ApiDocsPage';
import { fieldDescription } from '../../../../src/features/docs/fieldTexts';
import { operationId, operationSummary, parameterDescription } from '../../../../src/features/docs/operationTexts';
import { RubyWeb3DocsPage } from '../../../../src/features/docs/RubyWeb3DocsPage';
import { setLocale } from '../../../../src/lib/i18n/locale';
import { mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { OPENAPI_FIXTURE } from './openapiFixture';

let api: ApiMock | null = null;
afterEach(async () => {
  api?.restore();
  api = null;
  await setLocale('en');
});

describe('operation summaries', () => {
  it('are found by an id made from the method and path', () => {
    expect(operationId('GET /getBalance/{address}')).toBe('get_getBalance_address');
    expect(operationId('DELETE /watchlist/{address}')).toBe('delete_watchlist_address');
    expect(operationId('POST /')).toBe('post');
  });

  it("are the server's English in English, translated in Hindi, and English again when the server's text changed", async () => {
    const op = { key: 'GET /getBalance/{address}', summary: 'Coin balance of an address, live from the node' };
    expect(operationSummary(op)).toBe(op.summary);
    await setLocale('hi');
    expect(operationSummary(op)).toBe('किसी पते की कॉइन शेष राशि, सीधे नोड से');
    expect(operationSummary({ ...op, summary: 'Coin balance of an address' })).toBe('Coin balance of an address');
    expect(operationSummary({ key: 'GET /unknown', summary: 'Something new' })).toBe('Something new');
    expect(parameterDescription('page number from 1')).toBe('पृष्ठ संख्या, 1 से');
    expect(parameterDescription('a description the server added later')).toBe('a description the server added later');
    expect(fieldDescription('0x + 64 hex digits')).toBe('0x + 64 hex अंक');
    expect(fieldDescription('token transfer')).toBe('टोकन ट्रांसफ़र');
    expect(fieldDescription('the spec shape of a token transaction: [{ _to, _value }] (_value in base units)')).toBe(
      'टोकन लेनदेन का स्पेक वाला रूप: [{ _to, _value }] (_value मूल इकाइयों में)',
    );
    expect(fieldDescription('a field the server added later')).toBe('a field the server added later');
  });
});

describe('/Api in Hindi', () => {
  it('translates the navigation, the table and an operation, and keeps methods, paths and parameter names', async () => {
    await setLocale('hi');
    window.history.replaceState(null, '', '/Api');
    api = mockApi([[/^\/openapi\.json$/, { body: OPENAPI_FIXTURE }]]);
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['मेथड', 'पथ', 'अनुभाग', 'क्या करता है']);
    expect(within(table).getByText('किसी पते की कॉइन शेष राशि, सीधे नोड से')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: 'वॉलेट' }).length).toBeGreaterThan(0);
    expect(screen.getByText('3 GET · 1 POST')).toHaveAttribute('translate', 'no');
    expect(screen.getByPlaceholderText('r… या 0x…')).toBeInTheDocument();

    fireEvent.click(within(screen.getByRole('navigation', { name: 'API अनुभाग' })).getByRole('button', { name: /^वॉलेट/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'वॉलेट' })).toBeInTheDocument();
    const card = screen.getAllByRole('article')[0]!;
    expect(within(card).getByRole('heading', { level: 3 })).toHaveAttribute('translate', 'no');
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['नाम', 'कहाँ', 'आवश्यक', 'विवरण']);
    expect(within(card).getByText('पथ')).toBeInTheDocument();
    // English terms inside a Hindi description are marked lang="en" (src/ui/MixedText.tsx): the cell's whole text.
    const description = within(card).getByText(
      (_, el) => el?.tagName === 'TD' && el.textContent === 'पता: r… या 0x… के बाद 40 hex अंक, छोटे या बड़े अक्षर',
    );
    expect(description.querySelector('[lang="en"]')).toHaveTextContent('r…');
    expect(card).toHaveTextContent('त्रुटियाँ: 400, 503, { "status": false, "message": "…" } के साथ');
    expect(within(card).getByText((_, el) => el?.tagName === 'DD' && el.textContent === 'r + 40 hex अंक, EIP-55 केसिंग')).toBeInTheDocument();
    expect(window.location.hash).toBe('#Wallet');
  });
});

describe('/rubyWeb3Docs in Hindi', () => {
  it('translates the topics and keeps the operations and the examples as code', async () => {
    await setLocale('hi');
    renderWithProviders(<RubyWeb3DocsPage />, { path: '/rubyWeb3Docs' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['इंस्टॉल करें', 'कनेक्ट करें', 'वॉलेट बनाना']);
    expect(screen.getByLabelText('उदाहरण: कॉइन भेजना (sendCoin.ts)')).toHaveTextContent('sendCoin');
    expect(screen.getByRole('button', { name: 'कॉपी करें: उदाहरण: कॉइन भेजना (sendCoin.ts)' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('sendCoin({ privateKey, to, amount }) स्थानीय रूप से');
    expect(document.body.textContent).toContain('API कुंजी केवल');
    expect(screen.getAllByText('createWallet', { selector: 'code' })[0]!.closest('p')).toHaveAttribute('translate', 'no');
  });
});
