/**
 * A list's page and page size as the URL gives them (?page=, ?ps=; architecture rule 3), read the
 * same way by the SPA (src/ui/usePagedUrl.ts) and by the server's preloads (server/api/spaShell.ts),
 * so a preload asks for exactly what the screen will.
 */

/** The page sizes a list offers: 10, 25, 50, 100, and the list's own default. */
export const PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;

export function pageSizes(defaultSize: number): readonly number[] {
  return [...new Set<number>([...PAGE_SIZE_CHOICES, defaultSize])].sort((a, b) => a - b);
}

/** ?page= as a number: anything unreadable, or below 1, reads as page 1 (the spec: never below 1). */
export function readPage(raw: string | null): number {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return 1;
  return Math.max(1, Number(raw.trim()));
}

/** ?ps= as a number when it is one of the offered sizes, else the list's default. */
export function readSize(raw: string | null, sizes: readonly number[], defaultSize: number): number {
  const n = raw !== null && /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  return sizes.includes(n) ? n : defaultSize;
}
