/**
 * The pagination machine's model (not a test file): the events and the generated paths, shared
 * by the jsdom model test (tests/machines/paginationMachine.model.test.tsx) and the browser walk
 * (tests/e2e/paths/). The page count comes from the list's answer for the current size; a page
 * typed into the URL is page.set.
 */
import type { AnyMachineSnapshot } from 'xstate';
import { paginationMachine, type PaginationEvent } from '../../../src/machines/paginationMachine';
import { machinePaths } from '../coverage';

export const PAGINATION_COUNT = 3;
export const PAGINATION_SIZE = 20;

export const PAGINATION_EVENTS: PaginationEvent[] = [
  { type: 'page.set', page: 0 },
  { type: 'page.set', page: 2 },
  { type: 'page.set', page: 3 },
  { type: 'page.set', page: 5 },
  { type: 'page.count', pageCount: 1 },
  { type: 'page.count', pageCount: PAGINATION_COUNT },
  { type: 'page.size', size: 50 },
];

/** The generated paths; `filterEvents` (the browser walk's) leaves out events a real list cannot give in a state. */
export const paginationPaths = (filterEvents?: (state: AnyMachineSnapshot, event: PaginationEvent) => boolean) =>
  machinePaths(paginationMachine, {
    input: { page: 1, pageCount: PAGINATION_COUNT, size: PAGINATION_SIZE },
    events: PAGINATION_EVENTS,
    ...(filterEvents ? { filterEvents } : {}),
  });
