/** The token page's Token transfers tab: 200 per page by default (spec section 9), page and size in the URL, status in lower case. */
import { PAGE_SIZES } from '../../../common/spec';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { TokenTransfersTable } from './TokenTransfersTable';
import { useTokenTransfersPageQuery } from './tokensApi';
import { TOKEN_TEXTS } from './texts';

export function TokenTransfersTab({ address }: { address: string }) {
  const list = usePagedUrl(PAGE_SIZES.tokenTransfers);
  const q = useTokenTransfersPageQuery({ address, page: list.page, size: list.size });
  return (
    <PagedSection list={list} query={q} label="Token transfers pages">
      <TokenTransfersTable
        items={q.isError ? undefined : q.data?.result}
        isError={q.isError}
        onRetry={() => void q.refetch()}
        caption={TOKEN_TEXTS.transfersCaption}
        showToken={false}
        statusCase="lower"
      />
    </PagedSection>
  );
}
