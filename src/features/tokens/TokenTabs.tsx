/**
 * The token page's Token transfers tab: 200 per page by default (the specification's limits), 25 on a phone
 * (200 cards made a 53,000 px page), page and size in the URL, status in lower case.
 */
import { PAGE_SIZES } from '../../../common/spec';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { MOBILE_QUERY, useMediaQuery } from '../../ui/useMediaQuery';
import { TokenTransfersTable } from '../../sections/tokens/TokenTransfersTable';
import { useTokenTransfersPageQuery } from './tokensApi';
import { TOKEN_TEXTS } from './texts';

/** Transfers per page on a phone, where each is a card. */
export const PHONE_TOKEN_TRANSFERS = 25;

export function TokenTransfersTab({ address }: { address: string }) {
  const phone = useMediaQuery(MOBILE_QUERY);
  const list = usePagedUrl(phone ? PHONE_TOKEN_TRANSFERS : PAGE_SIZES.tokenTransfers);
  const q = useTokenTransfersPageQuery({ address, page: list.page, size: list.size });
  return (
    <PagedSection list={list} query={q} label={TOKEN_TEXTS.transfersPages}>
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
