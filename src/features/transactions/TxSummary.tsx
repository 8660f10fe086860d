import type { TransactionDetail } from '../../../common/api/transactions';
import { txTypeText } from '../../../common/specLabels';
import { TX_TYPE } from '../../../common/txTypes';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { TokenAmount } from './TokenAmount';
import { TX_TEXTS } from './texts';

/**
 * The summary line under the title: type, amount and the 'to' address. A token transfer shows
 * the tokens and their recipient; a contract creation the contract it created.
 */
export function TxSummary({ tx }: { tx: TransactionDetail }) {
  const transfer = tx.transactiontype === TX_TYPE.tokenTransfer ? tx.tokenTransfers[0] : undefined;
  const amount =
    tx.transactiontype === TX_TYPE.tokenTransfer && tx.tokenValueWei !== null ? (
      <TokenAmount units={tx.tokenValueWei} decimals={tx.tokenDecimals} symbol={tx.tokenSymbol} />
    ) : (
      <Amount value={tx.value} wei={tx.valueWei} kind="detail" />
    );
  const to = transfer?.to ?? tx.to ?? tx.contractAddress;
  return (
    <p className="detail-summary">
      <span className="tx-type">{txTypeText(tx.transactionType)}</span> {amount} {TX_TEXTS.to} <Address value={to} lead={12} copy={false} />
    </p>
  );
}
