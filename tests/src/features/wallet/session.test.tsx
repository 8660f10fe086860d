/**
 * The session (src/features/wallet/session.ts): the stored token is read once, when the app first
 * asks for the session, and then on every change of it (this tab through authToken, other tabs
 * through the storage event); screens that read the session do not re-check it as they mount.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../common/api/paths';

type SessionModule = typeof import('../../../../src/features/wallet/session');
type TokenModule = typeof import('../../../../src/lib/authToken');

const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = (email: string) => `${part({ alg: 'HS256' })}.${part({ email, iat: 1, exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

let session: SessionModule;
let auth: TokenModule;
beforeEach(async () => {
  localStorage.clear();
  // A fresh module per test: a fresh app load, with no session actor yet.
  vi.resetModules();
  session = await import('../../../../src/features/wallet/session');
  auth = await import('../../../../src/lib/authToken');
});
afterEach(() => {
  act(() => auth.clearToken());
  localStorage.clear();
});

function Probe({ name }: { name: string }) {
  const s = session.useSession();
  return <p data-testid={name}>{`${s.status} ${s.email ?? '-'}`}</p>;
}

describe('useSession', () => {
  it('reads the stored token when the app loads', () => {
    localStorage.setItem('token', token('ann@example.com'));
    render(<Probe name="a" />);
    expect(screen.getByTestId('a')).toHaveTextContent('valid ann@example.com');
  });

  it('does not re-check the token each time a screen that reads it mounts', () => {
    auth.setToken(token('ann@example.com'));
    const seen: string[] = [];
    const sub = session.sessionActor().subscribe((s) => seen.push(String(s.value)));
    const { rerender } = render(<Probe name="a" />);
    rerender(
      <>
        <Probe name="a" />
        <Probe name="b" />
        <Probe name="c" />
      </>,
    );
    sub.unsubscribe();
    expect(screen.getByTestId('c')).toHaveTextContent('valid ann@example.com');
    expect(seen).toEqual([]);
  });

  it('follows a token stored or removed in this tab, and one changed in another tab', () => {
    render(<Probe name="a" />);
    expect(screen.getByTestId('a')).toHaveTextContent('anonymous -');
    act(() => auth.setToken(token('ann@example.com')));
    expect(screen.getByTestId('a')).toHaveTextContent('valid ann@example.com');
    act(() => auth.clearToken());
    expect(screen.getByTestId('a')).toHaveTextContent('anonymous -');
    // Another tab logs in: this tab hears the storage event only.
    localStorage.setItem('token', token('bob@example.com'));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    });
    expect(screen.getByTestId('a')).toHaveTextContent('valid bob@example.com');
  });
});

describe('log-out (issue #45)', () => {
  it('ends the session on the server with the token, then forgets it locally', async () => {
    const { mockApi } = await import('../../../helpers/fetchMock');
    const seen = mockApi([[/./, { body: { status: true, msg: 'Logged out', result: { ended: 1 } } }]]).requests;
    const t = token('ann@example.com');
    auth.setToken(t);
    act(() => session.sessionActor().send({ type: 'session.logout' }));
    expect(localStorage.getItem('token')).toBeNull();
    await vi.waitFor(() => expect(seen.map((r) => [r.method, r.path, r.auth])).toEqual([['POST', paths.logout(), `Bearer ${t}`]]));
    vi.unstubAllGlobals();
  });

  it('offline: still forgets the token locally', () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    auth.setToken(token('ann@example.com'));
    act(() => session.sessionActor().send({ type: 'session.logout' }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(session.sessionActor().getSnapshot().value).toBe('loggedOut');
    vi.unstubAllGlobals();
  });

  it('after "log out everywhere" (serverEnded) sends nothing more', () => {
    const calls: unknown[] = [];
    vi.stubGlobal('fetch', (...args: unknown[]) => {
      calls.push(args);
      return Promise.reject(new TypeError('unexpected'));
    });
    auth.setToken(token('ann@example.com'));
    act(() => session.sessionActor().send({ type: 'session.logout', serverEnded: true }));
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls).toEqual([]);
    vi.unstubAllGlobals();
  });
});
