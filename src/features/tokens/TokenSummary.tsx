/**
 * The token overview: name, symbol, coin balance in RUBY, total supply, creator, and the real
 * counts of transactions, transfers and holders (docs/decisions.md#token-counts: never a fixed 0).
 */
import { NO_VALUE } from '../../../common/spec';
import type { TokenData } from '../../../common/api/tokens';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { DetailSummary } from '../../ui/DetailSummary';
import { formatCount } from '../../lib/amount';
import { formatTokenAmount } from '../../lib/amount';
import { nameRow } from './nameRow';
import { TOKEN_TEXTS } from './texts';

export function TokenSummary({ token }: { token: TokenData }) {
  return (
    <DetailSummary
      id="token-overview"
      title={TOKEN_TEXTS.overview}
      wide={TOKEN_TEXTS.creator}
      rows={[
        nameRow(token.name),
        [TOKEN_TEXTS.symbol, token.symbol ?? NO_VALUE],
        [TOKEN_TEXTS.balance, <Amount key="b" value={token.rubybalance} wei={token.rubybalanceWei} />],
        [TOKEN_TEXTS.totalSupply, formatTokenAmount(token.totalSupplyWei, token.decimals, { symbol: token.symbol })],
        [TOKEN_TEXTS.creator, <Address key="c" value={token.owner} lead={15} copy="detail" />],
        [TOKEN_TEXTS.transactions, formatCount(token.trx_length)],
        [TOKEN_TEXTS.transfers, formatCount(token.transfers)],
        [TOKEN_TEXTS.holders, formatCount(token.holders)],
        [TOKEN_TEXTS.decimals, token.decimals],
      ]}
    />
  );
}
