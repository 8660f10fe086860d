import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TABS } from '../../../../common/spec';
import { ApiDocsPage } from '../../../../src/features/docs/ApiDocsPage';
import examples from '../../../../src/features/docs/examples.json';
import { API_DOCS_TEXTS as T, BLOCKSCOUT_DOCS_TEXTS as BS } from '../../../../src/features/docs/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { OPENAPI_FIXTURE } from './openapiFixture';
import { docPaths, openApiPaths, paths } from '../../../../common/api/paths';

let api: ApiMock | null = null;
let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  window.history.replaceState(null, '', '/Api');
});
afterEach(() => {
  api?.restore();
  api = null;
});

const serveDoc = () => (api = mockApi([[/^\/openapi\.json$/, { body: OPENAPI_FIXTURE }]]));
const nav = () => screen.getByRole('navigation', { name: T.navLabel });
const baseUrl = () => `${window.location.origin}/api`;

describe('ApiDocsPage', () => {
  it('shows the overview by default: side navigation, features, GET and POST operations, use cases, getting started, the API key', async () => {
    serveDoc();
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    expect(screen.getByRole('heading', { level: 1, name: 'API documentation' })).toBeInTheDocument();
    expect(
      within(nav())
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\d+$/, '')),
    ).toEqual([...TABS.apiDocs]);
    expect(screen.getByRole('button', { name: T.overview })).toHaveAttribute('aria-current', 'page');
    for (const title of [T.featuresTitle, T.operationsTitle, T.useCasesTitle, T.startTitle, T.keyTitle]) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    expect(screen.getByText(T.keyNeeded)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: T.keyTitle })).toHaveTextContent(/x-api-key/);
    expect(screen.getByRole('region', { name: T.keyTitle })).toHaveTextContent(/apikey=YOUR_API_KEY/);
    // The operations come from the OpenAPI document: 3 GET + 1 POST (credentials and unknown tags left out).
    expect(await screen.findByText('3 GET · 1 POST')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(within(table).getByText(docPaths.balance)).toBeInTheDocument();
    expect(within(table).getByText(paths.deploy())).toBeInTheDocument();
    expect(within(table).queryByText(docPaths.registerInPath)).toBeNull();
    expect(within(table).queryByText('/admin/forms')).toBeNull();
    expect(api!.calls).toEqual([paths.openapi()]);
  });

  it("lists Blockscout's REST API v2 paths and the whatsabi command that reads it", async () => {
    serveDoc();
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    const section = screen.getByRole('region', { name: BS.title });
    for (const name of ['bsSmartContract', 'bsTransaction', 'bsAddressTokens', 'bsSearchRedirect'] as const)
      expect(within(section).getByText(`GET ${docPaths[name]}`)).toBeInTheDocument();
    expect(section).toHaveTextContent(`new loaders.BlockscoutABILoader({ baseURL: '${baseUrl()}' })`);
  });

  it("copies the base URL on click with 'URL copied to clipboard'", async () => {
    serveDoc();
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    const button = screen.getByRole('button', { name: baseUrl() });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith(baseUrl());
    expect(screen.getByRole('status')).toHaveTextContent('URL copied to clipboard');
  });

  it('renders a section from the OpenAPI document with parameters, an example request and the captured real answer', async () => {
    serveDoc();
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    fireEvent.click(within(nav()).getByRole('button', { name: /^Wallet/ }));
    expect(within(nav()).getByRole('button', { name: /^Wallet/ })).toHaveAttribute('aria-current', 'page');
    expect(window.location.hash).toBe('#Wallet');
    const card = await screen.findByRole('article', { name: 'GET /getBalance/{address}' });
    expect(within(card).getByText('Coin balance of an address, live from the node')).toBeInTheDocument();
    const params = within(card).getByRole('table');
    expect(within(params).getByText('address')).toBeInTheDocument();
    expect(within(params).getByText('path')).toBeInTheDocument();
    expect(within(params).getByText('required')).toBeInTheDocument();
    const captured = examples.operations['GET /getBalance/{address}'];
    const request = within(card).getByLabelText(`${T.exampleRequest}: GET /getBalance/{address}`);
    expect(request).toHaveTextContent(`x-api-key: ${T.keyPlaceholder}`);
    expect(request).toHaveTextContent(`${baseUrl()}${captured.request}`);
    const response = within(card).getByLabelText(`${T.exampleResponse}: GET /getBalance/{address}`);
    expect(JSON.parse(response.textContent ?? '')).toEqual(captured.response);
    expect(within(card).getByText('balanceWei')).toBeInTheDocument(); // response fields
    expect(within(card).getByText(/Errors: 400, 503/)).toBeInTheDocument();
    // Not in this section: the signup operation (credentials) of the same tag.
    expect(screen.queryByText(docPaths.registerInPath)).toBeNull();
  });

  it('puts the explorer calls in their sections (charts of transactions under Transaction) and POST bodies as parameters', async () => {
    serveDoc();
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    fireEvent.click(within(nav()).getByRole('button', { name: /^Transaction/ }));
    expect(await screen.findByRole('article', { name: 'GET /getTransactionGraph' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'GET /getTokenTransactionGraph' })).toBeNull();
    fireEvent.click(within(nav()).getByRole('button', { name: /^Token/ }));
    expect(await screen.findByRole('article', { name: 'GET /getTokenTransactionGraph' })).toBeInTheDocument();
    fireEvent.click(within(nav()).getByRole('button', { name: /^Contract/ }));
    const deploy = await screen.findByRole('article', { name: 'POST /deploy' });
    expect(within(deploy).getByText('solFile')).toBeInTheDocument();
    expect(within(deploy).getByText(T.noLiveExample.funds)).toBeInTheDocument(); // issue #38, defect 19
    expect(within(deploy).getByLabelText(`${T.exampleRequest}: POST /deploy`)).toHaveTextContent('curl -X POST');
    fireEvent.click(screen.getByRole('button', { name: T.overview }));
    expect(screen.getByRole('heading', { level: 2, name: T.featuresTitle })).toBeInTheDocument();
    expect(window.location.hash).toBe('');
  });

  it('lists and documents DELETE operations too (the watchlist, issue #19)', async () => {
    const doc = {
      ...OPENAPI_FIXTURE,
      paths: {
        ...OPENAPI_FIXTURE.paths,
        [openApiPaths.watchlistItem]: {
          delete: {
            summary: 'Stop watching an address',
            tags: ['Wallet'],
            parameters: [{ name: 'address', in: 'path', required: true, description: 'r… or 0x… address' }],
            responses: { 200: { description: 'ok' }, 404: { description: 'not watched' } },
          },
        },
      },
    };
    api = mockApi([[/^\/openapi\.json$/, { body: doc }]]);
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    expect(await screen.findByText('3 GET · 1 POST · 1 DELETE')).toBeInTheDocument();
    const row = within(screen.getByRole('table')).getByText(docPaths.watchlistItem).closest('tr')!;
    expect(within(row).getByText('DELETE')).toHaveClass('api-op__method--delete');
    fireEvent.click(within(nav()).getByRole('button', { name: /^Wallet/ }));
    const card = await screen.findByRole('article', { name: `DELETE ${docPaths.watchlistItem}` });
    expect(within(card).getByText('Stop watching an address')).toBeInTheDocument();
    expect(within(card).getByLabelText(`${T.exampleRequest}: DELETE ${docPaths.watchlistItem}`)).toHaveTextContent(
      `curl -X DELETE -H "x-api-key: ${T.keyPlaceholder}"`,
    );
    expect(within(card).getByText(/Errors: 404/)).toBeInTheDocument();
  });

  it('opens the section named in the URL hash', async () => {
    serveDoc();
    window.history.replaceState(null, '', '/Api#Block');
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    expect(within(nav()).getByRole('button', { name: /^Block/ })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText(T.emptySection)).toBeInTheDocument();
  });

  it('says so when the OpenAPI document cannot be loaded, and retries', async () => {
    let fail = true;
    api = mockApi([
      [/^\/openapi\.json$/, () => (fail ? { status: 500, body: { status: false, message: 'boom' } } : { body: OPENAPI_FIXTURE })],
    ]);
    renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.loadFailed);
    expect(screen.queryByText('Loading...')).toBeNull();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('3 GET · 1 POST')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
