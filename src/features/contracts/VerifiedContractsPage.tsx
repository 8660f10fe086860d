/** Verified Ruby contracts (/VerifiedRuby): total and verified counts and the DApp list. */
import { PAGE_SIZE, SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { PageTitle } from '../../ui/PageTitle';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { DetailCopyToasts } from '../../ui/DetailCopyToasts';
import { CatalogueView } from '../../sections/catalogue/CatalogueView';
import { useContractCatalogueQuery } from './contractsApi';
import { CATALOGUE_TEXTS } from './texts';

const labels = () => ({
  total: CATALOGUE_TEXTS.totalContracts,
  verified: CATALOGUE_TEXTS.verifiedContracts,
  caption: CATALOGUE_TEXTS.contractsCaption,
  empty: CATALOGUE_TEXTS.noContracts,
  failed: CATALOGUE_TEXTS.contractsFailed,
  note: CATALOGUE_TEXTS.contractsNote,
});

export function VerifiedContractsPage() {
  const list = usePagedUrl(PAGE_SIZE);
  const q = useContractCatalogueQuery({ page: list.page, size: list.size });
  return (
    <DetailCopyToasts>
      <section className="page">
        <PageTitle>{SCREEN_TITLES.verifiedContracts}</PageTitle>
        <CatalogueView query={q} list={list} labels={labels()} detailHref={urls.contractDetail} nameOf={(c) => c.contractname} />
      </section>
    </DetailCopyToasts>
  );
}
