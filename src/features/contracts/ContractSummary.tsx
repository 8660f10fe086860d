/** The contract overview: name, coin balance in RUBY, creator, transaction count (trx_length), type. */
import { CONTRACT_TYPES } from '../../../common/spec';
import type { ContractDetail } from '../../../common/api/tokens';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { DetailSummary } from '../../ui/DetailSummary';
import { formatCount } from '../../lib/amount';
import { CONTRACT_TEXTS } from './texts';

export function contractTypeLabel(c: Pick<ContractDetail, 'contractType' | 'isNft'>): string {
  const base = c.contractType === 'rbc20' ? CONTRACT_TYPES.token : CONTRACT_TYPES.dapp;
  return c.isNft ? `${base} (${CONTRACT_TEXTS.nft})` : base;
}

export function ContractSummary({ contract }: { contract: ContractDetail }) {
  return (
    <DetailSummary
      id="contract-overview"
      title={CONTRACT_TEXTS.overview}
      wide={CONTRACT_TEXTS.creator}
      rows={[
        [CONTRACT_TEXTS.name, contract.name ?? CONTRACT_TEXTS.unnamed],
        [CONTRACT_TEXTS.balance, <Amount key="b" value={contract.rubybalance} wei={contract.rubybalanceWei} />],
        [CONTRACT_TEXTS.creator, <Address key="c" value={contract.owner} lead={15} copy="detail" />],
        [CONTRACT_TEXTS.transactions, formatCount(contract.trx_length)],
        [CONTRACT_TEXTS.type, contractTypeLabel(contract)],
      ]}
    />
  );
}
