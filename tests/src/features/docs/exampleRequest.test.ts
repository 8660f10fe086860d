/**
 * Issue #38, defect 19: no example request puts a secret in a URL. The documented GET forms that
 * carry a private key or a password in their path are shown in their POST-body form.
 */
import { describe, expect, it } from 'vitest';
import { docPaths } from '../../../../common/api/paths';
import { exampleRequest } from '../../../../src/features/docs/examples';
import type { DocOperation } from '../../../../src/features/docs/openapi';

const BASE = 'https://explorer.example/api';

function op(method: DocOperation['method'], path: string, pathParams: string[]): DocOperation {
  return {
    key: `${method} ${path}`,
    method,
    path,
    section: 'Wallet',
    summary: '',
    parameters: pathParams.map((name) => ({ name, in: 'path', required: true, description: '' })),
    fields: [],
    errors: [],
  };
}

describe('exampleRequest', () => {
  it.each([
    [docPaths.sendInPath, '/send', ['privateKey', 'recipient', 'amount']],
    [docPaths.sendTokenInPath, '/sendtoken', ['privateKey', 'recipient', 'tokenContract', 'amount']],
    [docPaths.registerInPath, '/registration', ['email', 'password']],
  ])('shows %s as a POST with the values in the body, none in the URL', (path, postPath, params) => {
    const text = exampleRequest(op('GET', path, params), BASE);
    expect(text).toMatch(/^curl -X POST /);
    const url = /"(https:[^"]+)"/.exec(text)?.[1];
    expect(url).toBe(`${BASE}${postPath}`);
    expect(JSON.parse(/-d '([^']+)'/.exec(text)?.[1] ?? '')).toEqual(Object.fromEntries(params.map((p) => [p, '…'])));
  });

  it('keeps a GET without a secret a GET with its path', () => {
    const text = exampleRequest(op('GET', '/getBalance/{address}', ['address']), BASE);
    expect(text).toMatch(/^curl -H "x-api-key: /);
    expect(text).not.toContain('-X POST');
  });
});
