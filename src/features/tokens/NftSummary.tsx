/**
 * The overview of an NFT collection on the token page: its standard, the items that
 * exist (minted, not burnt) in place of a supply, the owners in place of holders; no decimals.
 */
import { NO_VALUE } from '../../../common/spec';
import type { TokenData } from '../../../common/api/tokens';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { DetailSummary } from '../../ui/DetailSummary';
import { formatCount } from '../../lib/amount';
import { nftKindLabel, NFT_TEXTS, type NftKindName } from './nftTexts';
import { nameRow } from './nameRow';
import { TOKEN_TEXTS } from './texts';

export function NftSummary({ token, kind }: { token: TokenData; kind: NftKindName }) {
  return (
    <DetailSummary
      id="token-overview"
      title={TOKEN_TEXTS.overview}
      wide={TOKEN_TEXTS.creator}
      rows={[
        nameRow(token.name),
        [TOKEN_TEXTS.symbol, token.symbol ?? NO_VALUE],
        [NFT_TEXTS.type, nftKindLabel(kind)],
        [TOKEN_TEXTS.balance, <Amount key="b" value={token.rubybalance} wei={token.rubybalanceWei} />],
        [NFT_TEXTS.items, formatCount(token.totalSupply)],
        [TOKEN_TEXTS.creator, <Address key="c" value={token.owner} lead={15} copy="detail" />],
        [TOKEN_TEXTS.transactions, formatCount(token.trx_length)],
        [TOKEN_TEXTS.transfers, formatCount(token.transfers)],
        [NFT_TEXTS.owners, formatCount(token.holders)],
      ]}
    />
  );
}
