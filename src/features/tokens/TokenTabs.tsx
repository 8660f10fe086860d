/** The token page's Token transfers tab: 200 per page (docs/decisions.md#spec-limits), status in lower case. */
import { PAGE_SIZES } from '../../../common/spec';
import { PagedSection, type PagedTabProps } from '../addresses/PagedSection';
import { TokenTransfersTable } from './TokenTransfersTable';
import { useTokenTransfersPageQuery } from './tokensApi';
import { TOKEN_TEXTS } from './texts';

export function TokenTransfersTab({ address, page, onPageChange }: PagedTabProps) {
  const q = useTokenTransfersPageQuery({ address, page, size: PAGE_SIZES.tokenTransfers });
  return (
    <PagedSection page={page} onPageChange={onPageChange} query={q} label="Token transfers pages">
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
