/**
 * Shared pieces of the wallet machines' model tests (not a test file): a deferred promise the
 * provided actors hand out, so a path's done / error event settles the one in flight, and the
 * providers the screens need.
 */
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromPromise } from 'xstate';
import { makeStore } from '../../src/app/store';
import { ToastProvider } from '../../src/ui/ToastProvider';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(err: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The promises the provided actors handed out, newest last. */
export class Pending<T> {
  private list: Deferred<T>[] = [];
  next = (): Promise<T> => {
    const d = deferred<T>();
    this.list.push(d);
    return d.promise;
  };
  get current(): Deferred<T> {
    const d = this.list.at(-1);
    if (!d) throw new Error('no call in flight');
    return d;
  }
  get count(): number {
    return this.list.length;
  }
}

/**
 * The path events of a copyKey actor (the wallet create and import flows): each settles the newest
 * clipboard write, then lets copyText's own await and fallback run before the machine moves on.
 * `writes` is read when the event runs: the tests start a fresh Pending for every path.
 */
export function clipboardWriteEvents(writes: () => Pending<void>) {
  const settle = (how: (w: Deferred<void>) => void) =>
    act(async () => {
      how(writes().current);
      await new Promise((r) => setTimeout(r, 0));
    });
  return {
    'xstate.done.actor.copyKey': async () => settle((w) => w.resolve()),
    'xstate.error.actor.copyKey': async ({ event }: { event: unknown }) => settle((w) => w.reject((event as { error: unknown }).error)),
  };
}

export function renderScreen(ui: ReactElement, path = '/'): RenderResult & { history: string[] } {
  const location = memoryLocation({ path, record: true });
  const r = render(
    <Provider store={makeStore()}>
      <ToastProvider>
        <Router hook={location.hook}>{ui}</Router>
      </ToastProvider>
    </Provider>,
  );
  return { ...r, history: location.history };
}

/**
 * The login and sign-up machines' `derive` actor, settled by the path (issue #45): the input's
 * onProgress is kept so a `kdf.progress` step can report through it as the worker does.
 */
export function pendingDerive() {
  const calls = new Pending<void>();
  const state: { calls: Pending<void>; input: { onProgress: (fraction: number) => void } | null; actor: ReturnType<typeof deriveActor> } = {
    calls,
    input: null,
    actor: deriveActor((input) => {
      state.input = input;
      return calls.next();
    }),
  };
  return state;
}

function deriveActor(run: (input: { onProgress: (fraction: number) => void }) => Promise<void>) {
  return fromPromise<void, { email: string; password: string; onProgress: (fraction: number) => void }>(({ input }) => run(input));
}
