/**
 * Issue #38, defect 19: the POST operations show a real answer of a devnet with the body that was
 * sent (examples.json, captured by tests/server/api/docsExamples.test.ts), and the ones without a
 * live example say why instead of "No example response recorded … yet".
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApiDocsPage } from '../../../../src/features/docs/ApiDocsPage';
import examples from '../../../../src/features/docs/examples.json';
import type { ExampleFile } from '../../../../src/features/docs/examples';
import type { OpenApiDocument } from '../../../../src/features/docs/openapi';
import { API_DOCS_TEXTS as T } from '../../../../src/features/docs/texts';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { mockApi, type ApiMock } from '../../../helpers/fetchMock';
import { OPENAPI_FIXTURE } from './openapiFixture';
import { apiPaths } from '../../../../common/api/paths';

const captured = examples as ExampleFile;
let api: ApiMock | null = null;
beforeEach(() => window.history.replaceState(null, '', '/Api#Contract'));
afterEach(() => {
  api?.restore();
  api = null;
});

const jsonPost = (summary: string, fields: string[]) => ({
  post: {
    summary,
    tags: ['Contract'],
    requestBody: {
      content: {
        'application/json': { schema: { type: 'object', properties: Object.fromEntries(fields.map((f) => [f, { type: 'string' }])) } },
      },
    },
    responses: { 200: { description: 'ok' }, 409: { description: 'already verified' } },
  },
});

const DOC: OpenApiDocument = {
  ...OPENAPI_FIXTURE,
  paths: {
    ...OPENAPI_FIXTURE.paths,
    [apiPaths.readContract()]: jsonPost('Call a view function', ['address', 'function', 'args']),
    [apiPaths.verifyContract()]: jsonPost('Verify a contract', ['address', 'contractName', 'source', 'fileName']),
    [apiPaths.compileContract()]: jsonPost('Compile a .sol file', []),
  },
} as OpenApiDocument;

const card = (key: string) => screen.findByRole('article', { name: key });

it('shows a POST operation with the body sent and the real answer', async () => {
  api = mockApi([[/^\/openapi\.json$/, { body: DOC }]]);
  renderWithProviders(<ApiDocsPage />, { path: '/Api' });
  const read = await card('POST /readContract');
  const example = captured.operations['POST /readContract'];
  expect(example?.body).toMatchObject({ function: expect.any(String) });
  const request = within(read).getByLabelText(`${T.exampleRequest}: POST /readContract`).textContent ?? '';
  expect(request).toMatch(/^curl -X POST /);
  expect(JSON.parse(/-d '([^']+)'/.exec(request)?.[1] ?? '')).toEqual(example?.body);
  const response = within(read).getByLabelText(`${T.exampleResponse}: POST /readContract`);
  expect(JSON.parse(response.textContent ?? '')).toEqual(example?.response);
  expect(within(read).queryByText(T.noExample)).toBeNull();

  // The "already verified" refusal is a real answer too, with its status.
  const verify = await card('POST /verifyContract');
  expect(captured.operations['POST /verifyContract']?.status).toBe(409);
  expect(within(verify).getByText(new RegExp(T.exampleStatus(409).replace(/[.]/g, '\\.')))).toBeInTheDocument();
});

it('says why an operation has no live example instead of "not recorded yet"', async () => {
  api = mockApi([[/^\/openapi\.json$/, { body: DOC }]]);
  renderWithProviders(<ApiDocsPage />, { path: '/Api' });
  expect(captured.noLiveExample?.['POST /deploy']).toBe('funds');
  expect(within(await card('POST /deploy')).getByText(T.noLiveExample.funds)).toBeInTheDocument();
  expect(within(await card('POST /compileContract')).getByText(T.noLiveExample.upload)).toBeInTheDocument();
  expect(screen.queryByText(T.noExample)).toBeNull();
});
