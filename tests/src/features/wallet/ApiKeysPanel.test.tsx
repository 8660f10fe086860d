/**
 * The dashboard's API keys panel with the network stubbed at the edge: loading, empty, the list
 * (prefix only), creating a key (shown once with a Copy button, gone after Done and never in the
 * list), a bad label refused before any request, revoking after a confirmation (Bearer token
 * sent), and a failed list with Retry.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeyItem } from '../../../../common/api/apiKeys';
import { ApiKeysPanel } from '../../../../src/features/wallet/ApiKeysPanel';
import { API_KEY_TEXTS as T } from '../../../../src/features/wallet/texts';
import { mockApi, type Reply, type SeenRequest } from '../../../helpers/fetchMock';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { paths } from '../../../../common/api/paths';

const KEY = `rbx_${'Ab1_'.repeat(8)}`;
const ITEM = (id: number, label: string, revokedAt: string | null = null): ApiKeyItem => ({
  id,
  label,
  prefix: `rbx_K${id}xx`,
  createdAt: '2026-11-20T10:15:00.000Z',
  revokedAt,
});

type Handler = (method: string, path: string, body: unknown) => Reply | 'pending';

let seen: SeenRequest[];
function stubApi(handler: Handler) {
  seen = mockApi([[/./, (path, req) => handler(req.method, path, req.body)]]).requests;
}

beforeEach(() => {
  seen = [];
  localStorage.setItem('token', 'the.jwt.token');
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: vi.fn(() => Promise.resolve()) } });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('ApiKeysPanel', () => {
  it('shows Loading... while the list is on its way', () => {
    stubApi(() => 'pending');
    renderWithProviders(<ApiKeysPanel />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('shows the empty state and sends the login token', async () => {
    stubApi(() => ({ body: { status: true, result: [] } }));
    renderWithProviders(<ApiKeysPanel />);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
    expect(seen[0]).toMatchObject({ method: 'GET', path: paths.apiKeys(), auth: 'Bearer the.jwt.token' });
  });

  it('lists keys by label and prefix, revoked ones without a Revoke button', async () => {
    stubApi(() => ({ body: { status: true, result: [ITEM(1, 'ci bot'), ITEM(2, 'old', '2026-11-21T08:00:00.000Z')] } }));
    renderWithProviders(<ApiKeysPanel />);
    const rows = await screen.findAllByTestId('api-key-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('ci bot');
    expect(rows[0]).toHaveTextContent('rbx_K1xx…');
    expect(rows[0]).toHaveTextContent('2026-11-20 10:15 UTC');
    expect(within(rows[0]!).getByRole('button', { name: `${T.revoke} ci bot` })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(`${T.revoked} 2026-11-21 08:00 UTC`);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();
  });

  it('creates a key and shows it once with a Copy button, then only its prefix', async () => {
    stubApi((method, _path, body) =>
      method === 'POST'
        ? {
            body: {
              status: true,
              result: {
                id: 7,
                key: KEY,
                prefix: KEY.slice(0, 8),
                label: (body as { label: string }).label,
                createdAt: '2026-11-22T12:00:00.000Z',
              },
            },
          }
        : { body: { status: true, result: [] } },
    );
    renderWithProviders(<ApiKeysPanel />);
    await screen.findByText(T.empty);

    // A blank label is refused here, with no request.
    fireEvent.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.labelRequired);
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(T.label), { target: { value: '  my dapp ' } });
    fireEvent.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByTestId('new-api-key')).toHaveTextContent(KEY);
    expect(screen.getByText(T.shownOnce)).toBeInTheDocument();
    expect(seen.find((s) => s.method === 'POST')).toMatchObject({
      path: paths.apiKeys(),
      auth: 'Bearer the.jwt.token',
      body: { label: 'my dapp' },
    });
    const row = await screen.findByTestId('api-key-row');
    expect(row).toHaveTextContent(`my dapp${KEY.slice(0, 8)}…`);
    expect(row).not.toHaveTextContent(KEY);

    fireEvent.click(screen.getByRole('button', { name: T.copy }));
    await waitFor(() => expect(navigator.clipboard.writeText).toHaveBeenCalledWith(KEY));
    expect(await screen.findByText(T.copied)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: T.done }));
    expect(screen.queryByTestId('new-api-key')).toBeNull();
    expect(document.body).not.toHaveTextContent(KEY);
  });

  it("shows the server's refusal of a create", async () => {
    stubApi((method) =>
      method === 'POST'
        ? { status: 400, body: { status: false, message: 'You already have 10 active API keys: revoke one first' } }
        : { body: { status: true, result: [ITEM(1, 'a')] } },
    );
    renderWithProviders(<ApiKeysPanel />);
    await screen.findByTestId('api-key-row');
    fireEvent.change(screen.getByLabelText(T.label), { target: { value: 'eleventh' } });
    fireEvent.click(screen.getByRole('button', { name: T.create }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You already have 10 active API keys: revoke one first');
    expect(screen.queryByTestId('new-api-key')).toBeNull();
  });

  it('revokes a key after a confirmation', async () => {
    stubApi((method) =>
      method === 'DELETE'
        ? { body: { status: true, result: { id: 1, revokedAt: '2026-11-22T13:30:00.000Z' } } }
        : { body: { status: true, result: [ITEM(1, 'ci bot')] } },
    );
    renderWithProviders(<ApiKeysPanel />);
    const row = await screen.findByTestId('api-key-row');
    fireEvent.click(within(row).getByRole('button', { name: `${T.revoke} ci bot` }));
    fireEvent.click(within(row).getByRole('button', { name: T.cancel }));
    expect(seen.filter((s) => s.method === 'DELETE')).toHaveLength(0);
    fireEvent.click(within(row).getByRole('button', { name: `${T.revoke} ci bot` }));
    fireEvent.click(within(row).getByRole('button', { name: T.confirmRevoke }));
    await waitFor(() => expect(screen.getByTestId('api-key-row')).toHaveTextContent(`${T.revoked} 2026-11-22 13:30 UTC`));
    expect(seen.find((s) => s.method === 'DELETE')).toMatchObject({ path: paths.apiKey(1), auth: 'Bearer the.jwt.token' });
    expect(await screen.findByText(T.revokedToast)).toBeInTheDocument();
  });

  it('shows a failed list with Retry, which reads it again', async () => {
    let failing = true;
    stubApi(() =>
      failing
        ? { status: 503, body: { status: false, message: 'Service temporarily unavailable' } }
        : { body: { status: true, result: [] } },
    );
    renderWithProviders(<ApiKeysPanel />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service temporarily unavailable');
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });
});
