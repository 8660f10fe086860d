import type { TransactionDetail } from '../../../common/api/transactions';
import { txTypeText } from '../../../common/specLabels';
import { TX_TYPE } from '../../../common/txTypes';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { TxSummaryLines } from '../../ui/TxSummaryLines';
import { TokenAmount } from './TokenAmount';
import { TX_TEXTS } from './texts';

/** The recipient a failed token transfer named in its call (decodedInput's `_to`), if any. */
function attemptedRecipient(tx: TransactionDetail): string | null {
  const to = tx.decodedInput?.[0]?._to;
  return typeof to === 'string' ? to : null;
}

/**
 * The summary line under the title: type, amount and the 'to' address. A token transfer shows
 * the tokens and their recipient; a contract creation the contract it created. A failed
 * transaction moved nothing: the line says what it attempted, marked
 * 'Failed:' and '(nothing moved)', never as if the amount had moved.
 */
export function TxSummary({ tx }: { tx: TransactionDetail }) {
  const failed = tx.status !== 1;
  const isTokenTransfer = tx.transactiontype === TX_TYPE.tokenTransfer;
  const transfer = isTokenTransfer ? tx.tokenTransfers[0] : undefined;
  const amount =
    isTokenTransfer && tx.tokenValueWei !== null ? (
      <TokenAmount units={tx.tokenValueWei} decimals={tx.tokenDecimals} symbol={tx.tokenSymbol} />
    ) : (
      <Amount value={tx.value} wei={tx.valueWei} kind="detail" />
    );
  const attemptedTo = failed && isTokenTransfer ? attemptedRecipient(tx) : null;
  const to = attemptedTo ?? transfer?.to ?? tx.to ?? tx.contractAddress;
  if (failed) {
    return (
      <p className="detail-summary detail-summary--failed">
        <span className="status-badge status-badge--failed">{TX_TEXTS.failedSummary.failed}</span>{' '}
        <span className="tx-type">{txTypeText(tx.transactionType)}</span> {TX_TEXTS.failedSummary.of} {amount} {TX_TEXTS.to}{' '}
        <Address value={to} lead={12} copy={false} /> <span className="muted">{TX_TEXTS.failedSummary.nothingMoved}</span>
      </p>
    );
  }
  return (
    <p className="detail-summary">
      <span className="tx-type">{txTypeText(tx.transactionType)}</span> {amount} {TX_TEXTS.to} <Address value={to} lead={12} copy={false} />
    </p>
  );
}

/**
 * What the transaction did, above the overview: its actions in order, from the API's
 * `summary` (no request of its own), or for a failed one why it failed.
 */
export function TxActions({ tx }: { tx: TransactionDetail }) {
  if (tx.summary.length === 0) return null;
  return (
    <div className="tx-actions">
      <span className="tx-actions__title">{TX_TEXTS.actionTitle}</span>
      <TxSummaryLines summary={tx.summary} label={TX_TEXTS.actionTitle} />
    </div>
  );
}
