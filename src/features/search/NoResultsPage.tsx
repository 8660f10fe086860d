/**
 * /Invalidinput: where a search that matched nothing lands (docs/decisions.md#spec-errors). It repeats the term
 * (?q=, put there by the search flow) and offers the search box again with the term in it, so a typo is one edit
 * away rather than a dead end.
 */
import { Link, useSearchParams } from 'wouter';
import { EMPTY_TEXTS, ERROR_PAGE } from '../../../common/spec';
import { urls } from '../../app/urls';
import { PageTitle } from '../../ui/PageTitle';
import { SearchBox } from '../../sections/search/SearchBox';
import { NO_RESULTS_TEXTS } from '../../sections/search/texts';

export function NoResultsPage() {
  const [params] = useSearchParams();
  const term = (params.get('q') ?? '').trim();
  return (
    <section className="page no-results">
      <PageTitle>{EMPTY_TEXTS.noResults}</PageTitle>
      <p className="no-results__term">
        {term === '' ? (
          NO_RESULTS_TEXTS.generic
        ) : (
          <>
            {NO_RESULTS_TEXTS.for} <strong className="mono no-results__echo">“{term}”</strong>
          </>
        )}
      </p>
      <p className="muted">{NO_RESULTS_TEXTS.hint}</p>
      <SearchBox initialTerm={term} />
      <Link href={urls.home()} className="btn">
        {ERROR_PAGE.home}
      </Link>
    </section>
  );
}
