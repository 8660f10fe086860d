import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent as lazyScreen } from '../../../src/lib/lazyComponent';
import { preloadLandingScreen } from '../../../src/app/routes';
import { AppErrorBoundary } from '../../../src/features/errors/AppErrorBoundary';
import { renderWithProviders } from '../utils/renderWithProviders';

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

describe('lazy route chunks', () => {
  afterEach(() => vi.restoreAllMocks());

  it('loads a screen lazily and passes its props', async () => {
    const Screen = lazyScreen(() => Promise.resolve(Hello));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen name="ruby" />
      </Suspense>,
    );
    expect(await screen.findByText('hello ruby')).toBeInTheDocument();
  });

  it('once preloaded, the first render is the screen itself, not the fallback (a server-rendered page, issue #17)', async () => {
    const load = vi.fn(() => Promise.resolve(Hello));
    const Screen = lazyScreen(load);
    await Screen.preload();
    await Screen.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen name="at once" />
      </Suspense>,
    );
    // Synchronously: no 'Loading...' frame in between.
    expect(screen.getByText('hello at once')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('without a preload it still suspends first (the lazy chunk)', () => {
    const Screen = lazyScreen(() => new Promise<typeof Hello>(() => {}));
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Screen name="later" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('preloads the landing routes only, in any case, as wouter matches them', async () => {
    expect(await preloadLandingScreen('/')).toBe(true);
    expect(await preloadLandingScreen('/Block/12')).toBe(true);
    expect(await preloadLandingScreen('/address/rABC')).toBe(true);
    expect(await preloadLandingScreen('/tokens')).toBe(false);
    expect(await preloadLandingScreen('/block/1/extra')).toBe(false);
  });

  it('a failed chunk shows an error with Retry, and Retry imports again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<typeof Hello>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/Hello.js'))
      .mockResolvedValue(Hello);
    const Screen = lazyScreen(load);
    renderWithProviders(
      <AppErrorBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Screen name="again" />
        </Suspense>
      </AppErrorBoundary>,
    );
    expect(await screen.findByText('This page could not be loaded.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('hello again')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('other render errors show their message on the error page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    renderWithProviders(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('boom')).toBeInTheDocument();
  });

  it('a new location clears the error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    function Maybe() {
      if (fail) throw new Error('boom');
      return <p>fine</p>;
    }
    const { rerender } = render(
      <AppErrorBoundary resetKey="/a">
        <Maybe />
      </AppErrorBoundary>,
      { wrapper: ({ children }) => <>{children}</> },
    );
    expect(screen.getByText('boom')).toBeInTheDocument();
    fail = false;
    rerender(
      <AppErrorBoundary resetKey="/b">
        <Maybe />
      </AppErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});
