import { fillMessage } from '../../../common/spec';
import { WALLET_TEXTS } from './texts';

/** Dashboard pagination (spec section 5): never below 1 nor above the page count; Prev/Next disabled at the ends. */
export function DashPager({ page, pages, onPage, label }: { page: number; pages: number; onPage: (p: number) => void; label: string }) {
  const last = Math.max(1, pages);
  return (
    <nav className="dash-pager" aria-label={label}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(Math.max(1, page - 1))}>
        {WALLET_TEXTS.prev}
      </button>
      <span>{fillMessage(WALLET_TEXTS.page, { page: String(page), pages: String(last) })}</span>
      <button type="button" className="btn" disabled={page >= last} onClick={() => onPage(Math.min(last, page + 1))}>
        {WALLET_TEXTS.next}
      </button>
    </nav>
  );
}
