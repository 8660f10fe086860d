import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../../src/lib/failure';

describe('classifyFailure', () => {
  it.each([
    [{ status: 400, message: 'Invalid hash' }, 'invalid', 400, 'Invalid hash'],
    [{ status: 404, message: 'Transaction not found' }, 'notFound', 404, 'Transaction not found'],
    [{ status: 500, message: 'boom' }, 'other', 500, 'boom'],
    [{ status: 'FETCH_ERROR', message: 'Failed to fetch' }, 'other', 'FETCH_ERROR', 'Failed to fetch'],
    [{ message: 'thrown' }, 'other', undefined, 'thrown'],
  ] as const)('%o → %s', (error, kind, status, message) => {
    expect(classifyFailure(error)).toMatchObject({ kind, status, message });
  });

  it('tells a dropped or timed-out call apart from an answer', () => {
    expect(classifyFailure({ status: 'FETCH_ERROR', message: '' }).network).toBe(true);
    expect(classifyFailure({ status: 'TIMEOUT_ERROR', message: '' }).network).toBe(true);
    expect(classifyFailure({ status: 'PARSING_ERROR', message: '' }).network).toBe(false);
    expect(classifyFailure({ status: 503, message: 'Not ready' }).network).toBe(false);
  });

  it('marks 401 and 403 as a refused login, nothing else', () => {
    expect(classifyFailure({ status: 401, message: '' }).denied).toBe(true);
    expect(classifyFailure({ status: 403, message: '' }).denied).toBe(true);
    expect(classifyFailure({ status: 404, message: '' }).denied).toBe(false);
    expect(classifyFailure({ status: '401', message: '' }).denied).toBe(false);
  });

  it('reads nothing, a string or a malformed status as a plain failure without words', () => {
    for (const e of [undefined, null, 'boom', 42, { status: { code: 400 } }]) {
      const f = classifyFailure(e);
      expect(f.kind).toBe('other');
      expect(f.status).toBeUndefined();
      expect(f.network || f.denied).toBe(false);
    }
    expect(classifyFailure('boom').message).toBeUndefined();
    expect(classifyFailure({ status: 500, message: 12 }).message).toBe('12');
  });
});
