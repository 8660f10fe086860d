import { afterEach, describe, expect, it } from 'vitest';
import { authHeaders, clearToken, setToken } from '../../../src/lib/authToken';

afterEach(() => clearToken());

describe('authHeaders', () => {
  it('carries the login token as a Bearer authorization header', () => {
    setToken('the.jwt.token');
    expect(authHeaders()).toEqual({ authorization: 'Bearer the.jwt.token' });
  });

  it('is empty when logged out', () => {
    clearToken();
    expect(authHeaders()).toEqual({});
  });
});
