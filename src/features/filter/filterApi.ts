/** The advanced filter's endpoint (GET /advancedFilter) and its CSV's address. */
import type { AnswerOf } from '../../../common/api/answers';
import { paths } from '../../../common/api/paths';
import { api, API_BASE } from '../../app/api';

export type FilterArgs = Readonly<Record<string, string>>;

export const filterApi = api.injectEndpoints({
  endpoints: (build) => ({
    advancedFilter: build.query<AnswerOf<'advancedFilter'>, FilterArgs>({ query: (q) => paths.advancedFilter(q) }),
  }),
});

export const { useAdvancedFilterQuery } = filterApi;

/** The CSV of a filter's query (no cursor): a plain link, so the browser streams the download itself. */
export const filterCsvHref = (q: FilterArgs): string => `${API_BASE}${paths.advancedFilterCsv(q)}`;
