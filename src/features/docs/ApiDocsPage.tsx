/**
 * /Api: the API documentation. Side navigation Wallet, Transaction, Token, Block, Contract; the
 * default view is the overview. The reference is read from the server's OpenAPI document (so it
 * cannot drift from the API) with real example answers captured from a devnet (examples.json).
 */
import { useMemo, useState } from 'react';
import { SCREEN_TITLES } from '../../../common/spec';
import { API_BASE } from '../../app/api';
import { Loading } from '../../ui/Loading';
import { classifyFailure } from '../../lib/failure';
import { PageTitle } from '../../ui/PageTitle';
import { RetryButton } from '../../ui/RetryButton';
import { ApiOverview } from './ApiOverview';
import { BaseUrl } from './BaseUrl';
import { useGetOpenApiQuery } from './docsApi';
import { OperationCard } from './OperationCard';
import { EtherscanExamples } from './EtherscanExamples';
import { DOC_SECTIONS, documentedOperations, type DocSection } from './openapi';
import { API_DOCS_TEXTS as T, DOCS_UI_TEXTS as U } from './texts';
import './docs.css';

type View = DocSection | 'overview';

function initialView(): View {
  const hash = decodeURIComponent(window.location.hash.slice(1));
  return (DOC_SECTIONS as readonly string[]).includes(hash) ? (hash as DocSection) : 'overview';
}

export function ApiDocsPage() {
  const [view, setView] = useState<View>(initialView);
  const { data, error, isLoading, refetch } = useGetOpenApiQuery();
  const operations = useMemo(() => (data ? documentedOperations(data) : null), [data]);
  const baseUrl = useMemo(() => new URL(API_BASE, window.location.href).href.replace(/\/+$/, ''), []);

  const show = (next: View) => {
    setView(next);
    // A linkable view (/Api#Token) without a route change; the overview is the bare /Api.
    window.history.replaceState(window.history.state, '', next === 'overview' ? window.location.pathname : `#${next}`);
    window.scrollTo({ top: 0 });
  };

  const sectionOps = operations?.filter((o) => o.section === view) ?? [];
  return (
    <section className="page api-docs">
      <PageTitle>{SCREEN_TITLES.api}</PageTitle>
      <BaseUrl url={baseUrl} />
      <div className="docs-layout">
        <aside className="docs-aside">
          <button
            type="button"
            className="docs-nav__item docs-nav__overview"
            aria-current={view === 'overview' ? 'page' : undefined}
            onClick={() => show('overview')}
          >
            {T.overview}
          </button>
          <nav aria-label={T.navLabel}>
            <ul className="docs-nav">
              {DOC_SECTIONS.map((s) => (
                <li key={s}>
                  <button type="button" className="docs-nav__item" aria-current={view === s ? 'page' : undefined} onClick={() => show(s)}>
                    {U.sections[s]}
                    {operations && <span className="docs-nav__count">{operations.filter((o) => o.section === s).length}</span>}
                  </button>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
        <div className="docs-main">
          {error && (
            <div className="alert" role="alert">
              {T.loadFailed} {classifyFailure(error).message ?? ''} <RetryButton onRetry={() => void refetch()} />
            </div>
          )}
          {view === 'overview' ? (
            <ApiOverview baseUrl={baseUrl} operations={operations} failed={Boolean(error)} onSection={show} />
          ) : (
            <div className="api-section">
              <h2>{U.sections[view]}</h2>
              {isLoading && <Loading minHeight="12rem" />}
              {operations && sectionOps.length === 0 && <p>{T.emptySection}</p>}
              {sectionOps.map((op) => (
                <OperationCard key={op.key} op={op} baseUrl={baseUrl} />
              ))}
              {view === 'Contract' && <EtherscanExamples baseUrl={baseUrl} />}
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
