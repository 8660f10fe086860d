/**
 * Issue #25, item 18: /Api said a key is needed for all requests (then that keyless requests get a lower limit);
 * /rubyWeb3Docs said it is optional. Both pages now say the same, true thing: the server needs no key
 * (server/api/apiKeys.ts: keyless requests share a per-IP limit, a key gets its own higher one).
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiDocsPage } from '../../../../src/features/docs/ApiDocsPage';
import { RubyWeb3DocsPage } from '../../../../src/features/docs/RubyWeb3DocsPage';
import { API_KEY_FACT } from '../../../../src/features/docs/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { OPENAPI_FIXTURE } from './openapiFixture';

let api: ApiMock | null = null;
afterEach(() => {
  api?.restore();
  api = null;
});

const CONTRADICTIONS = [/needed for all/i, /required for (all|every)/i, /must send (a|an|the) (api )?key/i];

describe('API key wording', () => {
  it('the fact says the key is optional and what it changes', () => {
    expect(API_KEY_FACT).toMatch(/optional/);
    expect(API_KEY_FACT).toMatch(/without one/);
    expect(API_KEY_FACT).toMatch(/higher limit/);
  });

  it('/Api states it, and nothing on the page says a key is required', () => {
    api = mockApi([[/^\/openapi\.json$/, { body: OPENAPI_FIXTURE }]]);
    const { container } = renderWithProviders(<ApiDocsPage />, { path: '/Api' });
    expect(container).toHaveTextContent(API_KEY_FACT);
    for (const re of CONTRADICTIONS) expect(container.textContent).not.toMatch(re);
  });

  it('/rubyWeb3Docs states the same sentence, and nothing there says a key is required', () => {
    const { container } = renderWithProviders(<RubyWeb3DocsPage />, { path: '/rubyWeb3Docs' });
    expect(screen.getByText(new RegExp(API_KEY_FACT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    for (const re of CONTRADICTIONS) expect(container.textContent).not.toMatch(re);
  });
});
