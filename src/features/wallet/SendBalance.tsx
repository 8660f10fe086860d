/**
 * What the Send dialog shows above its button: the balance that can be sent, the network fee
 * estimate (asked of the relay once the dialog opens) and a Max button that fills the amount: the whole token
 * balance, or the coin balance less the fee estimate. Amounts use the one formatter (src/lib/amount.ts).
 */
import { useEffect, useState } from 'react';
import { COIN_SYMBOL } from '../../../common/spec';
import { formatFee, formatWei, weiToRuby } from '../../lib/amount';
import { WALLET_TEXTS } from './texts';

export interface SendFunds {
  /** The wallet's r… address (pays the fee). */
  from: string;
  /** Spendable base units of what is sent (wei for the coin). */
  balanceWei: string;
  decimals: number;
  symbol: string;
  /** A token send pays the fee in the coin: the wallet's coin balance in wei. */
  coinBalanceWei?: string | null;
}

interface Props {
  funds: SendFunds;
  token: { address: string } | null;
  disabled: boolean;
  onMax: (amount: string) => void;
  /** Told the fee estimate (wei) once known: the dialog checks the amount with it before signing. */
  onFee?: (wei: bigint | null) => void;
}

type Fee = { state: 'loading' } | { state: 'ok'; wei: bigint } | { state: 'failed' };

export function SendBalance({ funds, token, disabled, onMax, onFee }: Props) {
  const [fee, setFee] = useState<Fee>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    import('./walletFlows')
      .then(({ estimateSendFee }) => estimateSendFee(funds.from, token))
      .then((wei) => live && setFee({ state: 'ok', wei }))
      .catch(() => live && setFee({ state: 'failed' }));
    return () => {
      live = false;
    };
  }, [funds.from, token]);
  useEffect(() => onFee?.(fee.state === 'ok' ? fee.wei : null), [fee, onFee]);

  const balance = BigInt(/^\d+$/.test(funds.balanceWei) ? funds.balanceWei : '0');
  // A coin send pays the fee from the same balance; a token send pays it in RUBY.
  const max = token ? balance : fee.state === 'ok' ? (balance > fee.wei ? balance - fee.wei : 0n) : null;
  const feeText =
    fee.state === 'ok'
      ? `${formatFee(fee.wei)} ${COIN_SYMBOL}`
      : fee.state === 'loading'
        ? WALLET_TEXTS.feeEstimating
        : WALLET_TEXTS.feeUnknown;

  return (
    <dl className="send-balance">
      <div>
        <dt>{WALLET_TEXTS.available}</dt>
        <dd>
          <span className="send-balance__value">{`${formatWei(balance, { unitDecimals: funds.decimals })} ${funds.symbol}`}</span>
          <button
            type="button"
            className="btn btn--small send-balance__max"
            disabled={disabled || max === null || max === 0n}
            onClick={() => max !== null && onMax(weiToRuby(max, funds.decimals) ?? '0')}
          >
            {WALLET_TEXTS.max}
          </button>
        </dd>
      </div>
      <div>
        <dt>{WALLET_TEXTS.feeEstimate}</dt>
        <dd>{feeText}</dd>
      </div>
    </dl>
  );
}
