/**
 * /Allblock and /AllBlock (docs/decisions.md#spec-screens "Block pages"): tabs All, Forked, Uncles. All pages
 * through /getBlocks/{page}/20 (page in the URL, ?page=N); page 1 follows new blocks live.
 */
import { useState } from 'react';
import { EMPTY_TEXTS, PAGE_SIZE, SCREEN_TITLES, TABS } from '../../../common/spec';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { Tabs } from '../../ui/Tabs';
import { usePageParam } from '../transactions/usePageParam';
import { UrlPagedSection } from '../transactions/UrlPagedSection';
import { BlockList } from './BlockList';
import { useBlocksPageQuery } from './blocksApi';
import { BLOCK_TEXTS } from './texts';
import '../transactions/transactions.css';

type Tab = (typeof TABS.blocks)[number];

function AllBlocksPanel() {
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, isError, refetch } = useBlocksPageQuery({ page, size: PAGE_SIZE });

  if (isError && !data) {
    return (
      <EmptyState minHeight="12rem">
        <div className="detail-error">
          <p role="alert">{BLOCK_TEXTS.listError}</p>
          <button type="button" className="btn btn--small" onClick={() => void refetch()}>
            {BLOCK_TEXTS.retry}
          </button>
        </div>
      </EmptyState>
    );
  }
  return (
    <>
      {page === 1 && <p className="muted blocks-live-note">{BLOCK_TEXTS.liveNote}</p>}
      <UrlPagedSection page={page} onPageChange={setPage} totalPages={data?.totalPages} isLoading={isLoading} isFetching={isFetching} label="Blocks pages">
        <BlockList items={data?.result} isLoading={isLoading} />
      </UrlPagedSection>
    </>
  );
}

export function BlocksPage() {
  const [tab, setTab] = useState<Tab>(TABS.blocks[0]);
  return (
    <section className="page tx-page">
      <PageTitle>{SCREEN_TITLES.blocks}</PageTitle>
      <div className="panel">
        <Tabs label={BLOCK_TEXTS.tabsLabel} tabs={TABS.blocks} value={tab} onChange={setTab}>
          {(t) =>
            t === 'All' ? (
              <AllBlocksPanel />
            ) : (
              <EmptyState>{t === 'Forked' ? EMPTY_TEXTS.noForked : EMPTY_TEXTS.noUncles}</EmptyState>
            )
          }
        </Tabs>
      </div>
    </section>
  );
}
