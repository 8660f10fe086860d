/** 'DEX Details' of a swap: function, amount in / out, swap path, recipient, min received. */
import { useId } from 'react';
import { Link } from 'wouter';
import type { DexDetails } from '../../../common/api/transactions';
import { NO_VALUE } from '../../../common/spec';
import { urls } from '../../app/urls';
import { shortenAddress } from '../../lib/shorten';
import { Address } from '../../ui/Address';
import { DetailList } from '../../ui/DetailList';
import { TokenAmount } from './TokenAmount';
import { TX_ROWS, TX_TEXTS } from './texts';

export function DexSection({ dex }: { dex: DexDetails }) {
  const headingId = useId();
  const rows = [
    {
      label: TX_ROWS.dexFunction,
      value: (
        <span className="mono" translate="no">
          {dex.function}
        </span>
      ),
    },
    {
      label: TX_ROWS.dexAmountIn,
      value: <TokenAmount units={dex.amountInWei} decimals={dex.tokenIn?.decimals} symbol={dex.tokenIn?.symbol} />,
    },
    {
      label: TX_ROWS.dexAmountOut,
      value: dex.amountOutWei ? (
        <TokenAmount units={dex.amountOutWei} decimals={dex.tokenOut?.decimals} symbol={dex.tokenOut?.symbol} />
      ) : (
        NO_VALUE
      ),
    },
    {
      label: TX_ROWS.dexPath,
      value: (
        <ol className="inline-list" aria-label={TX_ROWS.dexPath}>
          {dex.path.map((a, i) => (
            <li key={`${a}-${i}`}>
              <Link href={urls.tokenDetail(a)} title={a}>
                {dex.pathSymbols[i] ?? shortenAddress(a, 5)}
              </Link>
              {i < dex.path.length - 1 && <span aria-hidden="true"> →</span>}
            </li>
          ))}
        </ol>
      ),
    },
    { label: TX_ROWS.dexRecipient, value: <Address value={dex.recipient} lead="full" copy="detail" /> },
    {
      label: TX_ROWS.dexMinReceived,
      value: <TokenAmount units={dex.minReceivedWei} decimals={dex.tokenOut?.decimals} symbol={dex.tokenOut?.symbol} />,
    },
  ];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="detail-section-title">
        {TX_TEXTS.dexDetails}
      </h2>
      <DetailList rows={rows} label={TX_TEXTS.dexDetails} />
    </section>
  );
}
