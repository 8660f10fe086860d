/**
 * Pagination (docs/decisions.md#spec-states, #spec-validation): the page starts at 1 and never goes below 1; when the page
 * count is known (the dashboard, every list whose API answers totalPages) it never goes above
 * it either, and the controls at an end are disabled. The position is the state:
 *
 *   only   — one page: First, previous and next all disabled
 *   first  — page 1 of several (or of an unknown count): First and previous disabled
 *   middle — neither end
 *   last   — the last known page: next disabled
 *
 * Every event lands in `resolve`, which routes to the position the new context implies, so
 * the position can never disagree with the page.
 */
import { assign, setup } from 'xstate';

export interface PaginationContext {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages when known (at least 1), else null. */
  pageCount: number | null;
}

export interface PaginationInput {
  page?: number;
  pageCount?: number | null;
}

export type PaginationEvent =
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'page.first' }
  /** Go to a page (clamped into 1 … count). */
  | { type: 'page.set'; page: number }
  /** The page count became known or changed (null: unknown). */
  | { type: 'page.count'; pageCount: number | null };

/** A usable page count: a whole number ≥ 1, else null (unknown). */
export function normalizeCount(count: number | null | undefined): number | null {
  if (count === null || count === undefined || !Number.isFinite(count)) return null;
  return Math.max(1, Math.floor(count));
}

/** Keeps a requested page within 1 … count (the spec: never below 1). */
export function clampPage(page: number, count: number | null): number {
  const p = Number.isFinite(page) ? Math.floor(page) : 1;
  return Math.min(Math.max(1, p), count ?? Number.POSITIVE_INFINITY);
}

export const paginationMachine = setup({
  types: {
    context: {} as PaginationContext,
    events: {} as PaginationEvent,
    input: {} as PaginationInput,
  },
  actions: {
    next: assign({ page: ({ context }) => clampPage(context.page + 1, context.pageCount) }),
    prev: assign({ page: ({ context }) => clampPage(context.page - 1, context.pageCount) }),
    first: assign({ page: 1 }),
    setPage: assign({
      page: ({ context, event }) => (event.type === 'page.set' ? clampPage(event.page, context.pageCount) : context.page),
    }),
    setCount: assign(({ context, event }) => {
      if (event.type !== 'page.count') return {};
      const pageCount = normalizeCount(event.pageCount);
      return { pageCount, page: clampPage(context.page, pageCount) };
    }),
  },
  guards: {
    single: ({ context }) => context.pageCount === 1,
    atFirst: ({ context }) => context.page <= 1,
    atLast: ({ context }) => context.pageCount !== null && context.page >= context.pageCount,
  },
}).createMachine({
  id: 'pagination',
  context: ({ input }) => {
    const pageCount = normalizeCount(input.pageCount);
    return { pageCount, page: clampPage(input.page ?? 1, pageCount) };
  },
  initial: 'resolve',
  on: {
    'page.set': { target: '.resolve', actions: 'setPage' },
    'page.count': { target: '.resolve', actions: 'setCount' },
  },
  states: {
    resolve: {
      always: [
        { guard: 'single', target: 'only' },
        { guard: 'atFirst', target: 'first' },
        { guard: 'atLast', target: 'last' },
        { target: 'middle' },
      ],
    },
    only: {},
    first: {
      on: { 'page.next': { target: 'resolve', actions: 'next' } },
    },
    middle: {
      on: {
        'page.next': { target: 'resolve', actions: 'next' },
        'page.prev': { target: 'resolve', actions: 'prev' },
        'page.first': { target: 'resolve', actions: 'first' },
      },
    },
    last: {
      on: {
        'page.prev': { target: 'resolve', actions: 'prev' },
        'page.first': { target: 'resolve', actions: 'first' },
      },
    },
  },
});
