/**
 * Token detail (/TokenDetail/{contractAddress}): the token's name and address with a copy icon,
 * its overview, and the tabs Token transfers, Internal txns, Contract (docs/decisions.md#spec-screens, #spec-states).
 * A malformed address or an unknown token gets a clear message, never an endless 'Loading...'.
 */
import { SCREEN_TITLES, TABS } from '../../../common/spec';
import { Loading } from '../../ui/Loading';
import { Tabs } from '../../ui/Tabs';
import { useTabParam } from '../../ui/useTabParam';
import { DetailId } from '../../ui/DetailId';
import { DetailFailure, DetailPage } from '../../ui/DetailPage';
import { SearchBox } from '../../sections/search/SearchBox';
import { InternalTxnsTab } from '../../sections/addresses/InternalTxnsTab';
import { ContractCode } from '../../sections/contract/ContractCode';
import { ContractVerification } from '../../sections/contract/ContractVerification';
import { ProxySection } from '../../sections/contract/ProxySection';
import { tokenLabel } from '../../lib/movedToken';
import { TokenSummary } from './TokenSummary';
import { TokenTransfersTab } from './TokenTabs';
import { TokenHoldersTab } from './TokenHoldersTab';
import { useTokenDetailQuery } from './tokensApi';
import { TOKEN_TEXTS } from './texts';
import { NftInventoryTab } from './NftInventoryTab';
import { NftSummary } from './NftSummary';
import { nftKindLabel, NFT_TEXTS } from './nftTexts';
import '../../ui/detail.css';
import './nft.css';
import { MoreLikeThis } from '../../ui/MoreLikeThis';

type TokenTab = (typeof TABS.token)[number] | typeof TOKEN_TEXTS.holdersTab.tab | typeof NFT_TEXTS.inventory.tab;
/** The spec's tabs, then Holders. */
const RBC20_TABS: readonly TokenTab[] = [...TABS.token, TOKEN_TEXTS.holdersTab.tab];
/** An NFT collection: Inventory after the transfers, no Holders (owners are in the inventory). */
const NFT_TABS: readonly TokenTab[] = [TABS.token[0], NFT_TEXTS.inventory.tab, ...TABS.token.slice(1)];
/** Every tab the page may show: a link to Inventory survives while the page learns the kind. */
const TOKEN_TABS: readonly TokenTab[] = [...RBC20_TABS, NFT_TEXTS.inventory.tab];

export function TokenDetailPage({ contractAddress }: { contractAddress: string }) {
  return (
    <DetailPage title={SCREEN_TITLES.tokenDetail} address={contractAddress} invalid={TOKEN_TEXTS.invalid} search={<SearchBox />}>
      {(address) => <TokenView address={address} />}
    </DetailPage>
  );
}

function TokenView({ address }: { address: string }) {
  const [tab, setTab] = useTabParam<TokenTab>(TOKEN_TABS);
  const { data, error, isError, refetch } = useTokenDetailQuery(address);
  const token = data?.result;

  if (isError && !token) return <DetailFailure address={address} error={error} texts={TOKEN_TEXTS} onRetry={() => void refetch()} />;

  const shown = token?.contractAddress ?? address;
  const label = token ? tokenLabel(token.name, token.symbol) : null;
  const nft = token?.nftKind;
  const tabs = nft ? NFT_TABS : RBC20_TABS;
  return (
    <>
      <DetailId address={shown} name={label}>
        {nft && <span className="nft-badge">{nftKindLabel(nft)}</span>}
        <MoreLikeThis query={{ token: shown }} />
      </DetailId>
      {token && nft && <NftSummary token={token} kind={nft} />}
      {token && !nft && <TokenSummary token={token} />}
      {!token && <Loading minHeight="12rem" className="panel detail-summary" />}
      {token?.proxy && <ProxySection proxy={token.proxy} />}
      <div className="panel detail-tabs list-panel">
        <Tabs label={TOKEN_TEXTS.tabsLabel} tabs={tabs} value={tabs.includes(tab) ? tab : tabs[0]} onChange={setTab}>
          {(t) => {
            if (t === NFT_TEXTS.inventory.tab) return <NftInventoryTab address={address} />;
            if (t === TOKEN_TEXTS.holdersTab.tab) {
              return <TokenHoldersTab address={address} decimals={token?.decimals ?? 18} symbol={token?.symbol ?? null} />;
            }
            if (t === 'Internal txns') {
              return <InternalTxnsTab address={address} caption={TOKEN_TEXTS.internalCaption} statusCase="lower" />;
            }
            if (t === 'Contract') {
              return token ? (
                <>
                  {/* How it was verified, as the contract page shows it. */}
                  <ContractVerification contract={token} />
                  <ContractCode
                    verified={token.verified}
                    abi={token.abi}
                    contractcode={token.contractcode}
                    bytecode={token.bytecode}
                    address={token.contractAddress}
                    target={token.verification?.fullyQualifiedName ?? token.verification?.contractName}
                  />
                </>
              ) : (
                <Loading />
              );
            }
            return <TokenTransfersTab address={address} />;
          }}
        </Tabs>
      </div>
    </>
  );
}
