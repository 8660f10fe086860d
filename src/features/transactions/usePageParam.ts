/**
 * The list page kept in the URL query (?page=N), so a reload or a shared link keeps it.
 * Anything unreadable, or below 1, reads as page 1 (the spec: never below 1).
 */
import { useCallback } from 'react';
import { useSearchParams } from 'wouter';

export function readPage(raw: string | null): number {
  if (raw === null || !/^\d{1,9}$/.test(raw.trim())) return 1;
  return Math.max(1, Number(raw.trim()));
}

export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = readPage(params.get('page'));
  const setPage = useCallback(
    (next: number) => {
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (next <= 1) p.delete('page');
        else p.set('page', String(next));
        return p;
      });
    },
    [setParams],
  );
  return [page, setPage];
}
