/** Verified Ruby Tokens (/Tokens): the counts 'Total Tokens' and 'Verified Tokens' and the RBC20 list. */
import { PAGE_SIZE, SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { PageTitle } from '../../ui/PageTitle';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { DetailCopyToasts } from '../../ui/DetailCopyToasts';
import { CatalogueView } from '../../sections/catalogue/CatalogueView';
import { CATALOGUE_TEXTS } from '../../sections/catalogue/texts';
import { tokenLabel } from '../../lib/movedToken';
import { useTokenCatalogueQuery } from './tokensApi';

const labels = () => ({
  total: CATALOGUE_TEXTS.totalTokens,
  verified: CATALOGUE_TEXTS.verifiedTokens,
  caption: CATALOGUE_TEXTS.tokensCaption,
  empty: CATALOGUE_TEXTS.noTokens,
  failed: CATALOGUE_TEXTS.tokensFailed,
});

export function TokensPage() {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useTokenCatalogueQuery({ page: list.page, size: list.size });
  return (
    <DetailCopyToasts>
      <section className="page">
        <PageTitle>{SCREEN_TITLES.tokens}</PageTitle>
        <CatalogueView
          query={q}
          list={list}
          labels={labels()}
          detailHref={urls.tokenDetail}
          nameOf={(t) => tokenLabel(t.contractname, t.symbol)}
        />
      </section>
    </DetailCopyToasts>
  );
}
