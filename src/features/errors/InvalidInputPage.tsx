import { Link } from 'wouter';
import { EMPTY_TEXTS, ERROR_PAGE } from '../../../common/spec';
import { urls } from '../../app/urls';
import { PageTitle } from '../../ui/PageTitle';

/** /Invalidinput: where a search that matched nothing lands (docs/decisions.md#spec-errors). */
export function InvalidInputPage() {
  return (
    <section className="page">
      <PageTitle>{EMPTY_TEXTS.noResults}</PageTitle>
      <p className="muted">Check the address, transaction hash, block number or token name and try again.</p>
      <Link href={urls.home()} className="btn">
        {ERROR_PAGE.home}
      </Link>
    </section>
  );
}
