/**
 * /Allblock and /AllBlock (the specification's explorer pages "Block pages"): tabs All, Forked, Uncles. All pages
 * through /getBlocks/{page}/{size} (20 by default); the tab, page and size live in the URL
 * (?tab=, ?page=, ?ps=). Page 1 follows new blocks live.
 */
import { EMPTY_TEXTS, PAGE_SIZE, SCREEN_TITLES, TABS } from '../../../common/spec';
import { EmptyState } from '../../ui/EmptyState';
import { PageTitle } from '../../ui/PageTitle';
import { RetryButton } from '../../ui/RetryButton';
import { PagedSection } from '../../ui/PagedSection';
import { Tabs } from '../../ui/Tabs';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useTabParam } from '../../ui/useTabParam';
import { BlockList } from './BlockList';
import { useBlocksPageQuery } from './blocksApi';
import { BLOCK_TEXTS } from './texts';
import '../../ui/detail.css';
import './blocks.css';

type Tab = (typeof TABS.blocks)[number];

function AllBlocksPanel() {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useBlocksPageQuery({ page: list.page, size: list.size });
  const { data, isLoading, isError, refetch } = q;

  if (isError && !data) {
    return (
      <EmptyState minHeight="12rem">
        <div className="detail-error">
          <p role="alert">{BLOCK_TEXTS.listError}</p>
          <RetryButton onRetry={() => void refetch()} />
        </div>
      </EmptyState>
    );
  }
  return (
    <>
      {list.page === 1 && <p className="muted blocks-live-note">{BLOCK_TEXTS.liveNote}</p>}
      <PagedSection list={list} query={q} label={BLOCK_TEXTS.pagesLabel}>
        <BlockList items={data?.result} isLoading={isLoading} />
      </PagedSection>
    </>
  );
}

export function BlocksPage() {
  const [tab, setTab] = useTabParam<Tab>(TABS.blocks);
  return (
    <section className="page tx-page">
      <PageTitle>{SCREEN_TITLES.blocks}</PageTitle>
      <div className="panel">
        <Tabs label={BLOCK_TEXTS.tabsLabel} tabs={TABS.blocks} value={tab} onChange={setTab}>
          {(t) =>
            t === 'All' ? <AllBlocksPanel /> : <EmptyState>{t === 'Forked' ? EMPTY_TEXTS.noForked : EMPTY_TEXTS.noUncles}</EmptyState>
          }
        </Tabs>
      </div>
    </section>
  );
}
