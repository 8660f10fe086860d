/** The Details tab of a transaction: the spec's rows, token rows and the DEX section when present. */
import { Link } from 'wouter';
import type { TransactionDetail } from '../../../common/api/transactions';
import { NO_VALUE } from '../../../common/spec';
import { txTypeText } from '../../../common/specLabels';
import { TX_TYPE } from '../../../common/txTypes';
import { urls } from '../../app/urls';
import { weiToRuby } from '../../lib/amount';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { Hash } from '../../ui/Hash';
import { BlockTime } from '../../ui/BlockTime';
import { DetailList, type DetailRow } from '../../ui/DetailList';
import { DexSection } from './DexSection';
import { InputDataSection } from './InputDataSection';
import { StatusBadge } from '../../ui/StatusBadge';
import { TokenAmount } from './TokenAmount';
import { TX_ROWS, TX_TEXTS } from './texts';
import { formatGwei, formatCount, percentOf } from '../../lib/amount';
import { AuthorizationList } from './AuthorizationList';
import { blobRows, confirmationsRow, feeRows, typeRow, useConfirmations } from './TxKindRows';

export function TxDetails({ tx }: { tx: TransactionDetail }) {
  const isTokenTransfer = tx.transactiontype === TX_TYPE.tokenTransfer;
  const isContractCall = tx.transactiontype === TX_TYPE.contractCall;
  // A failed transaction moved nothing: no row reads as an amount that moved.
  const failed = tx.status !== 1;
  const rubyGasPrice = weiToRuby(tx.gasPriceWei);
  const confirmations = useConfirmations(tx);
  const rows: DetailRow[] = [
    { label: TX_ROWS.hash, value: <Hash value={tx.hash} display="full" href={null} copy="detail" /> },
    { label: TX_ROWS.status, value: <StatusBadge status={tx.status} /> },
    {
      label: TX_ROWS.method,
      value: (
        // A called function's name is the contract's data; the type's label is a text.
        <span className="tx-type" translate={tx.functionName ? 'no' : undefined}>
          {tx.functionName ?? txTypeText(tx.transactionType)}
        </span>
      ),
    },
    { label: TX_ROWS.block, value: <Link href={urls.block(tx.blockNumber)}>{tx.blockNumber}</Link> },
    confirmationsRow(confirmations),
    { label: TX_ROWS.timestamp, value: <BlockTime timestamp={tx.timestamp} /> },
    { label: TX_ROWS.from, value: <Address value={tx.from} lead="full" copy="detail" /> },
    {
      label: TX_ROWS.to,
      value: tx.to ? (
        <Address value={tx.to} lead="full" copy="detail" />
      ) : (
        <span>
          {TX_ROWS.createdContract}: <Address value={tx.contractAddress} lead="full" copy="detail" />
        </span>
      ),
    },
    {
      label: TX_ROWS.value,
      value:
        failed && tx.valueWei !== '0' ? (
          <span>
            <Amount value={tx.value} wei={tx.valueWei} kind="detail" /> <span className="muted">{TX_TEXTS.failedSummary.nothingMoved}</span>
          </span>
        ) : (
          <Amount value={tx.value} wei={tx.valueWei} kind="detail" />
        ),
    },
    {
      key: 'tokenAmount',
      label: TX_ROWS.tokenAmount,
      hidden: !isTokenTransfer || failed,
      value: <TokenAmount units={tx.tokenValueWei} decimals={tx.tokenDecimals} symbol={tx.tokenSymbol} />,
    },
    {
      key: 'tokenContract',
      label: TX_ROWS.tokenContract,
      hidden: !isTokenTransfer,
      value: tx.tokenAddress ? (
        <span>
          <Address value={tx.tokenAddress} lead="full" href={urls.tokenDetail(tx.tokenAddress)} copy="detail" />
          {tx.tokenName && (
            <span className="muted" translate="no">
              {' '}
              ({tx.tokenName})
            </span>
          )}
        </span>
      ) : (
        NO_VALUE
      ),
    },
    {
      key: 'contract',
      label: TX_ROWS.contract,
      hidden: !isContractCall,
      value: <Address value={tx.contract} lead="full" copy="detail" />,
    },
    {
      key: 'tokenReceived',
      label: TX_ROWS.tokenReceived,
      hidden: !isContractCall || !tx.tokenReceived,
      value: tx.tokenReceived && (
        <span>
          <TokenAmount units={tx.tokenReceived.amountWei} decimals={tx.tokenReceived.decimals} symbol={tx.tokenReceived.symbol} />{' '}
          <Link href={urls.tokenDetail(tx.tokenReceived.address)} className="inline-link" translate="no">
            {tx.tokenReceived.name ?? tx.tokenReceived.address}
          </Link>{' '}
          {TX_TEXTS.to} <Address value={tx.tokenReceived.to} lead={12} copy="detail" />
        </span>
      ),
    },
    { label: TX_ROWS.fee, value: <Amount value={tx.fee} wei={tx.feeWei} kind="detail" /> },
    { label: TX_ROWS.gas, value: formatCount(tx.gas) },
    {
      label: TX_ROWS.gasPrice,
      value: `${formatGwei(tx.gasPriceWei)} Gwei${rubyGasPrice ? ` (${rubyGasPrice} RUBY)` : ''}`,
    },
    { label: TX_ROWS.gasUsage, value: `${formatCount(tx.gasUsed)} (${percentOf(tx.gasUsed, tx.gas)})` },
    ...feeRows(tx),
    ...blobRows(tx),
    typeRow(tx),
    { label: TX_ROWS.nonce, value: String(tx.nonce) },
    { label: TX_ROWS.transactionIndex, value: String(tx.transactionIndex) },
  ];
  return (
    <>
      <DetailList rows={rows} label={TX_TEXTS.detailsLabel} />
      <AuthorizationList items={tx.authorizationList} />
      {isContractCall && tx.dex && <DexSection dex={tx.dex} />}
      <InputDataSection input={tx.input} inputData={tx.inputData} />
    </>
  );
}
