/**
 * The token overview: name, symbol, coin balance in RUBY, total supply, creator, and the real
 * counts of transactions, transfers and holders (spec-notes: never a fixed 0).
 */
import type { ReactNode } from 'react';
import { NO_VALUE } from '../../../common/spec';
import type { TokenData } from '../../../common/api/tokens';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { groupDigits } from '../addresses/AddressSummary';
import { formatTokenAmount } from './tokenAmount';
import { TOKEN_TEXTS } from './texts';

const WIDE = TOKEN_TEXTS.creator;

export function TokenSummary({ token }: { token: TokenData }) {
  const rows: [string, ReactNode][] = [
    [TOKEN_TEXTS.name, token.name ?? NO_VALUE],
    [TOKEN_TEXTS.symbol, token.symbol ?? NO_VALUE],
    [TOKEN_TEXTS.balance, <Amount key="b" value={token.rubybalance} wei={token.rubybalanceWei} />],
    [TOKEN_TEXTS.totalSupply, formatTokenAmount(token.totalSupplyWei, token.decimals, { group: true, symbol: token.symbol })],
    [TOKEN_TEXTS.creator, <Address key="c" value={token.owner} lead={15} copy="detail" />],
    [TOKEN_TEXTS.transactions, groupDigits(token.trx_length)],
    [TOKEN_TEXTS.transfers, groupDigits(token.transfers)],
    [TOKEN_TEXTS.holders, groupDigits(token.holders)],
    [TOKEN_TEXTS.decimals, token.decimals],
  ];
  return (
    <section className="panel detail-summary" aria-labelledby="token-overview">
      <h2 id="token-overview" className="detail-summary__title">
        {TOKEN_TEXTS.overview}
      </h2>
      <dl className="detail-grid">
        {rows.map(([label, value]) => (
          <div key={label} className={label === WIDE ? 'detail-grid__wide' : undefined}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
