import { QRCodeSVG } from 'qrcode.react';
import { toChecksumHexAddress } from '../../../common/address';
import { QR_SIZE } from '../../../common/spec';
import { CopyButton } from '../../ui/CopyButton';
import { Modal } from './Modal';
import { WALLET_TEXTS } from './texts';
import { useChainIdQuery } from './walletApi';
import './receive.css';

/**
 * An EIP-681 payment request: the coin to `address` (`ethereum:0x…@{chainId}`), or a token's transfer to it
 * (`ethereum:{token}@{chainId}/transfer?address=0x…`). Addresses in EIP-55 checksum casing.
 */
export function paymentUri(address: string, chainId: number, token?: string): string {
  const to = toChecksumHexAddress(address);
  return token ? `ethereum:${toChecksumHexAddress(token)}@${chainId}/transfer?address=${to}` : `ethereum:${to}@${chainId}`;
}

/**
 * Receive: the spec's wallet address as a QR code of size 256 (docs/decisions.md#spec-limits) and as text with Copy;
 * beside it what other EVM wallets read: the same address in its 0x form and an EIP-681 payment
 * QR code with the node's chain id (GET /chainid), each with its own copy button.
 */
export function ReceiveModal({
  address,
  token,
  title = WALLET_TEXTS.receiveTitle,
  onClose,
}: {
  address: string;
  /** The token received (its contract address): the payment QR code asks for a transfer of it. */
  token?: string;
  title?: string;
  onClose: () => void;
}) {
  const chain = useChainIdQuery();
  const hex = toChecksumHexAddress(address);
  const chainId = chain.data?.result.chainId;
  const uri = chainId === undefined ? null : paymentUri(address, chainId, token);
  return (
    <Modal title={title} onClose={onClose} className="modal--wide">
      <div className="receive-forms">
        <section className="receive" aria-label={WALLET_TEXTS.receiveRuby}>
          <h3 className="receive__heading">{WALLET_TEXTS.receiveRuby}</h3>
          <QRCodeSVG value={address} size={QR_SIZE} aria-label={WALLET_TEXTS.qrLabel({ address })} role="img" />
          <p className="mono receive__address">{address}</p>
          <CopyButton value={address}>{WALLET_TEXTS.copy}</CopyButton>
        </section>
        <section className="receive" aria-label={WALLET_TEXTS.receiveEvm}>
          <h3 className="receive__heading">{WALLET_TEXTS.receiveEvm}</h3>
          {uri ? (
            <QRCodeSVG value={uri} size={QR_SIZE} aria-label={WALLET_TEXTS.qrLabelEvm({ uri })} role="img" />
          ) : (
            <p className={`receive__qr-missing ${chain.isError ? 'notice notice--danger' : ''}`} role={chain.isError ? 'alert' : 'status'}>
              {chain.isError ? WALLET_TEXTS.chainIdFailed : WALLET_TEXTS.chainIdLoading}
            </p>
          )}
          <p className="receive__hint">{WALLET_TEXTS.receiveEvmHint}</p>
          <dl className="receive__forms">
            <dt>{WALLET_TEXTS.hexAddress}</dt>
            <dd>
              <span className="mono receive__address">{hex}</span>
              <CopyButton value={hex} className="btn btn--small">
                {WALLET_TEXTS.copyHex}
              </CopyButton>
            </dd>
            {uri && chainId !== undefined && (
              <>
                <dt>{WALLET_TEXTS.paymentLink({ chainId: String(chainId) })}</dt>
                <dd>
                  <span className="mono receive__address">{uri}</span>
                  <CopyButton value={uri} className="btn btn--small">
                    {WALLET_TEXTS.copyLink}
                  </CopyButton>
                </dd>
              </>
            )}
          </dl>
        </section>
      </div>
    </Modal>
  );
}
