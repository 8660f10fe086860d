import { QRCodeSVG } from 'qrcode.react';
import { QR_SIZE } from '../../../common/spec';
import { CopyButton } from '../../ui/CopyButton';
import { Modal } from './Modal';
import { WALLET_TEXTS } from './texts';

/** Receive: the wallet address as a QR code of size 256 (docs/decisions.md#spec-limits) and as text with Copy. */
export function ReceiveModal({
  address,
  title = WALLET_TEXTS.receiveTitle,
  onClose,
}: {
  address: string;
  title?: string;
  onClose: () => void;
}) {
  return (
    <Modal title={title} onClose={onClose}>
      <div className="receive">
        <QRCodeSVG value={address} size={QR_SIZE} aria-label={WALLET_TEXTS.qrLabel({ address })} role="img" />
        <p className="mono receive__address">{address}</p>
        <CopyButton value={address}>{WALLET_TEXTS.copy}</CopyButton>
      </div>
    </Modal>
  );
}
