import { SEARCH } from '../../../common/spec';
import { PageTitle } from '../../ui/PageTitle';
import { SEARCH_TEXTS } from './texts';
import './search.css';

/**
 * The search box at rest as static markup (the served HTML's skeleton,
 * src/app/shell/RouteSkeleton.tsx): the same elements and classes as SearchBox with an empty
 * term and a closed dropdown, so the real box replaces it in place (tests/src/features/search/
 * SearchBoxSkeleton.test.tsx compares the two). No machine, no store: it renders at build time.
 */
export function SearchBoxSkeleton({ variant = 'compact' }: { variant?: 'hero' | 'compact' }) {
  const id = 'search-skeleton';
  return (
    <div className={`search-box search-box--${variant}`}>
      {variant === 'hero' ? (
        <PageTitle className="search-box__title">{SEARCH.title}</PageTitle>
      ) : (
        <p className="search-box__title">{SEARCH.title}</p>
      )}
      <form role="search" aria-label={SEARCH_TEXTS.landmark} className="search-box__form" onSubmit={(e) => e.preventDefault()}>
        <div className="search-box__field">
          <label htmlFor={`${id}-q`} className="visually-hidden">
            {SEARCH_TEXTS.inputLabel}
          </label>
          <input
            id={`${id}-q`}
            className="search-box__input"
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={false}
            autoComplete="off"
            spellCheck={false}
            placeholder={SEARCH.placeholder}
            defaultValue=""
          />
        </div>
        <button type="submit" className="btn btn--primary search-box__button">
          {SEARCH.button}
        </button>
      </form>
      <p className="search-box__echo" id={`${id}-echo`} aria-live="polite"></p>
    </div>
  );
}
