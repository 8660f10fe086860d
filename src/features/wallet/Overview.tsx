import { COPY_TOASTS, COIN_SYMBOL } from '../../../common/spec';
import { formatInrValue, formatUsdValue, formatWei } from '../../lib/amount';
import { copyText } from '../../lib/clipboard';
import { CopyButton } from '../../ui/CopyButton';
import { useToast } from '../../ui/useToast';
import { WALLET_TEXTS } from './texts';

interface Props {
  address: string;
  balanceWei: string;
  priceUsd: number | undefined;
  onReceive: () => void;
  onSend: () => void;
}

/** Address (click to copy), Copy, Receive and Send; balance in RUBY, US Dollar (2 decimals), Indian Rupee (× 87). */
export function Overview({ address, balanceWei, priceUsd, onReceive, onSend }: Props) {
  const toast = useToast();
  const wei = BigInt(balanceWei);
  const copyAddress = () => {
    void copyText(address)
      .then(() => toast.show(COPY_TOASTS.home.text, COPY_TOASTS.home.ms))
      .catch(() => undefined);
  };
  return (
    <div className="panel overview">
      <div className="overview__address">
        <button
          type="button"
          className="link-btn mono"
          title={WALLET_TEXTS.walletAddressLabel}
          aria-label={`${WALLET_TEXTS.walletAddressLabel}: ${address}`}
          onClick={copyAddress}
          data-testid="wallet-address"
        >
          {address}
        </button>
        <div className="overview__actions">
          <CopyButton value={address}>{WALLET_TEXTS.copy}</CopyButton>
          <button type="button" className="btn" onClick={onReceive}>
            {WALLET_TEXTS.receive}
          </button>
          <button type="button" className="btn btn--primary" onClick={onSend}>
            {WALLET_TEXTS.send}
          </button>
        </div>
      </div>
      <dl className="overview__balances">
        <div>
          <dt>{WALLET_TEXTS.balance}</dt>
          <dd data-testid="wallet-balance">
            {formatWei(wei)} {COIN_SYMBOL}
          </dd>
        </div>
        <div>
          <dt>{WALLET_TEXTS.usDollar}</dt>
          <dd data-testid="wallet-usd">${priceUsd === undefined ? '...' : formatUsdValue(wei, priceUsd)}</dd>
        </div>
        <div>
          <dt>{WALLET_TEXTS.indianRupee}</dt>
          <dd data-testid="wallet-inr">₹{priceUsd === undefined ? '...' : formatInrValue(wei, priceUsd)}</dd>
        </div>
      </dl>
    </div>
  );
}
