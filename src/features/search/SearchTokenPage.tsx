/**
 * /SearchToken ('Search token'; the spec lists the route without its content): find a token by name, symbol or
 * address and open its page. Not an empty heading any more: a filter box over the chain's
 * tokens (the search API's contract list, tokens only; the server matches names and symbols).
 */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { SCREEN_TITLES } from '../../../common/spec';
import type { SearchContractItem } from '../../../common/api/search';
import { urls } from '../../app/urls';
import { DataTable, type Column } from '../../ui/DataTable';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';
import { PageTitle } from '../../ui/PageTitle';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { addressKey } from '../../lib/searchFlow';
import { useSearchContractsQuery, useSuggestContractsQuery } from './searchApi';
import { SEARCH_TOKEN_TEXTS, SUGGEST_DEBOUNCE_MS } from '../../sections/search/texts';
import '../../sections/search/search.css';

/** Built while rendering: the headers follow the language. */
function columns(): readonly Column<SearchContractItem>[] {
  return [
    {
      key: 'name',
      header: SEARCH_TOKEN_TEXTS.name,
      cell: (t) => (
        <Link href={urls.tokenDetail(t.contract_address)} translate="no">
          {t.contractname}
        </Link>
      ),
    },
    {
      key: 'address',
      header: SEARCH_TOKEN_TEXTS.address,
      cell: (t) => <span className="mono search-token__address">{t.contract_address}</span>,
    },
  ];
}

/** Tokens only; an address (r… or 0x…, whole or its start) matches by address, anything else was matched by the server. */
function tokensFor(term: string, all: readonly SearchContractItem[] | undefined, named: readonly SearchContractItem[] | undefined) {
  const tokens = (list: readonly SearchContractItem[] | undefined) => list?.filter((c) => c.contractType === 'rbc20');
  if (term === '') return tokens(all);
  if (/^(r|0x)[0-9a-f]{4,40}$/i.test(term)) {
    const key = addressKey(term).replace(/^(r|0x)/i, '');
    return tokens(all)?.filter((c) => addressKey(c.contract_address).startsWith(key));
  }
  return tokens(named);
}

export function SearchTokenPage() {
  const id = useId();
  const [query, setQuery] = useState('');
  const term = useDebouncedValue(query.trim(), SUGGEST_DEBOUNCE_MS);
  const all = useSearchContractsQuery();
  const named = useSuggestContractsQuery(term, { skip: term === '' || /^(r|0x)[0-9a-f]{4,40}$/i.test(term) });
  const rows = tokensFor(term, all.data, named.currentData);
  const failed = all.isError || named.isError;
  return (
    <section className="page search-token">
      <PageTitle>{SCREEN_TITLES.searchToken}</PageTitle>
      <p className="muted">{SEARCH_TOKEN_TEXTS.intro}</p>
      <label htmlFor={`${id}-q`} className="search-token__label">
        {SEARCH_TOKEN_TEXTS.label}
      </label>
      <input
        id={`${id}-q`}
        className="search-box__input search-token__input"
        type="search"
        autoComplete="off"
        spellCheck={false}
        placeholder={SEARCH_TOKEN_TEXTS.placeholder}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <div className="panel">
        {failed ? (
          <LoadError message={LIST_LOAD_FAILED} onRetry={() => void (all.isError ? all.refetch() : named.refetch())} />
        ) : (
          <DataTable
            columns={columns()}
            rows={rows}
            rowKey={(t) => t.contract_address}
            caption={SEARCH_TOKEN_TEXTS.caption}
            empty={term === '' ? SEARCH_TOKEN_TEXTS.noTokens : SEARCH_TOKEN_TEXTS.noMatch(term)}
            placeholderRows={5}
          />
        )}
      </div>
    </section>
  );
}
