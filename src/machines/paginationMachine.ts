/**
 * Pagination (the specification), the one model behind every pager of the app. The page starts
 * at 1; the spec's two clamp rules live here once, as the guards of the `clamp` state:
 *
 *   belowFirst — never below page 1 (also an unreadable page: NaN)
 *   pastLast   — never past the last page, when the page count is known (the dashboard, and
 *                every list whose API answers totalPages)
 *
 * Every event lands in `clamp` (through `raise` or `lower` when a rule corrects the page), then
 * `position` routes to the state the context implies, so the position can never disagree with
 * the page:
 *
 *   only   — one page: First, previous, next and Last all disabled
 *   first  — page 1 of several (or of an unknown count): First and previous disabled
 *   middle — neither end
 *   last   — the last known page: next and Last disabled
 *
 * The machine knows nothing of React or of the URL: src/ui/usePagedUrl.ts derives its snapshot
 * from the address bar (?page=, ?ps=) with `pagerState` and writes every move back (`pagerStep`),
 * so the screen, the machine and the URL never disagree.
 */
import { assign, initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import { PAGE_SIZE } from '../../common/spec';

export interface PaginationContext {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages when known (at least 1), else null. */
  pageCount: number | null;
  /** Rows per page; the page count is counted in pages of this size. */
  size: number;
}

export interface PaginationInput {
  page?: number;
  pageCount?: number | null;
  size?: number;
}

export type PaginationEvent =
  | { type: 'page.next' }
  | { type: 'page.prev' }
  | { type: 'page.first' }
  /** The last page (only when the count is known). */
  | { type: 'page.last' }
  /** Go to a page (clamped into 1 … count). */
  | { type: 'page.set'; page: number }
  /** The page count became known or changed (null: unknown). */
  | { type: 'page.count'; pageCount: number | null }
  /** Another page size: the page that holds the first row shown so far; the count is unknown until the list answers. */
  | { type: 'page.size'; size: number };

/** The moves a pager's buttons and size choice make. */
export type PagerMove = Extract<PaginationEvent, { type: 'page.next' | 'page.prev' | 'page.first' | 'page.last' | 'page.size' }>;

/** A usable page count: a whole number ≥ 1, else null (unknown). */
export function normalizeCount(count: number | null | undefined): number | null {
  if (count === null || count === undefined || !Number.isFinite(count)) return null;
  return Math.max(1, Math.floor(count));
}

/** A whole page number as asked; NaN stays NaN so that `belowFirst` takes it to 1. */
const whole = (page: number): number => (Number.isFinite(page) ? Math.floor(page) : Number.NaN);

const validSize = (size: number | undefined): size is number => size !== undefined && Number.isInteger(size) && size >= 1;

export const paginationMachine = setup({
  types: {
    context: {} as PaginationContext,
    events: {} as PaginationEvent,
    input: {} as PaginationInput,
  },
  actions: {
    next: assign({ page: ({ context }) => context.page + 1 }),
    prev: assign({ page: ({ context }) => context.page - 1 }),
    first: assign({ page: 1 }),
    last: assign({ page: ({ context }) => context.pageCount ?? context.page }),
    take: assign({ page: ({ context, event }) => (event.type === 'page.set' ? whole(event.page) : context.page) }),
    count: assign({
      pageCount: ({ context, event }) => (event.type === 'page.count' ? normalizeCount(event.pageCount) : context.pageCount),
    }),
    resize: assign(({ context, event }) => {
      if (event.type !== 'page.size') return {};
      const firstRow = (context.page - 1) * context.size;
      return { size: event.size, page: Math.floor(firstRow / event.size) + 1, pageCount: null };
    }),
    toFirst: assign({ page: 1 }),
    toLast: assign({ page: ({ context }) => context.pageCount ?? context.page }),
  },
  guards: {
    belowFirst: ({ context }) => !(context.page >= 1),
    pastLast: ({ context }) => context.pageCount !== null && context.page > context.pageCount,
    single: ({ context }) => context.pageCount === 1,
    atFirst: ({ context }) => context.page <= 1,
    atLast: ({ context }) => context.pageCount !== null && context.page >= context.pageCount,
    countKnown: ({ context }) => context.pageCount !== null,
    /** A usable size other than the current one (the same size changes nothing). */
    newSize: ({ context, event }) => event.type === 'page.size' && validSize(event.size) && event.size !== context.size,
  },
}).createMachine({
  id: 'pagination',
  context: ({ input }) => ({
    page: whole(input.page ?? 1),
    pageCount: normalizeCount(input.pageCount),
    size: validSize(input.size) ? input.size : PAGE_SIZE,
  }),
  initial: 'clamp',
  on: {
    'page.set': { target: '.clamp', actions: 'take' },
    'page.count': { target: '.clamp', actions: 'count' },
    'page.size': { guard: 'newSize', target: '.clamp', actions: 'resize' },
  },
  states: {
    clamp: {
      always: [{ guard: 'belowFirst', target: 'raise' }, { guard: 'pastLast', target: 'lower' }, { target: 'position' }],
    },
    /** The page asked was below 1: page 1. */
    raise: { entry: 'toFirst', always: 'position' },
    /** The page asked was past the last: the last page. */
    lower: { entry: 'toLast', always: 'position' },
    position: {
      always: [
        { guard: 'single', target: 'only' },
        { guard: 'atFirst', target: 'first' },
        { guard: 'atLast', target: 'last' },
        { target: 'middle' },
      ],
    },
    only: {},
    first: {
      on: {
        'page.next': { target: 'clamp', actions: 'next' },
        'page.last': { guard: 'countKnown', target: 'clamp', actions: 'last' },
      },
    },
    middle: {
      on: {
        'page.next': { target: 'clamp', actions: 'next' },
        'page.prev': { target: 'clamp', actions: 'prev' },
        'page.first': { target: 'clamp', actions: 'first' },
        'page.last': { guard: 'countKnown', target: 'clamp', actions: 'last' },
      },
    },
    last: {
      on: {
        'page.prev': { target: 'clamp', actions: 'prev' },
        'page.first': { target: 'clamp', actions: 'first' },
      },
    },
  },
});

export type PagerState = SnapshotFrom<typeof paginationMachine>;

/** The machine's state for a page, count and size (as the URL and the API give them): pure, no actor. */
export function pagerState(input: PaginationInput): PagerState {
  return initialTransition(paginationMachine, input)[0];
}

/** The state after one event: pure; the caller writes the new page where it lives. */
export function pagerStep(state: PagerState, event: PaginationEvent): PagerState {
  return transition(paginationMachine, state, event)[0];
}
