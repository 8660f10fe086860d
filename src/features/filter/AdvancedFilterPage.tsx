/**
 * The advanced filter (/advanced-filter): transactions, internal transfers and token transfers
 * together, filtered by addresses, method, tokens, amount, blocks or dates, kind and status. The
 * filter lives in the URL (a filter is a link; the page's cursor too), the form writes it there, and
 * the rows are what GET /advancedFilter answers for it. An impossible filter in a link shows why.
 */
import { useSearchParams } from 'wouter';
import { FILTER_FIELDS, FilterError, parseFilter, type FilterQuery } from '../../../common/advancedFilter';
import { SCREEN_TITLES } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';
import { FilterForm } from './FilterForm';
import { FilterResults } from './FilterResults';
import { FILTER_TEXTS as T } from './texts';
import './filter.css';

function readQuery(params: URLSearchParams): Record<string, string> {
  return Object.fromEntries(FILTER_FIELDS.flatMap((f) => (params.get(f) ? [[f, params.get(f) ?? '']] : [])));
}

function problemOf(q: FilterQuery): string | null {
  try {
    parseFilter(q);
    return null;
  } catch (err) {
    if (err instanceof FilterError) return err.message;
    throw err;
  }
}

export function AdvancedFilterPage() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const cursor = params.get('cursor');
  const problem = problemOf({ ...query, cursor: cursor ?? undefined });
  const key = new URLSearchParams(query).toString();
  return (
    <div className="page filter-page">
      <PageTitle>{SCREEN_TITLES.advancedFilter}</PageTitle>
      <p className="filter-intro">{T.intro}</p>
      <FilterForm key={`form:${key}`} query={query} onApply={(q) => setParams(q)} />
      {problem ? (
        <p role="alert" className="panel filter-error">
          {problem}
        </p>
      ) : (
        <FilterResults
          key={`results:${key}`}
          query={query}
          cursor={cursor}
          onCursor={(c) => setParams(c ? { ...query, cursor: c } : query)}
        />
      )}
    </div>
  );
}
