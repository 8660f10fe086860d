/** The contract overview: name, coin balance in RUBY, creator, transaction count (trx_length), type. */
import type { ReactNode } from 'react';
import { CONTRACT_TYPES } from '../../../common/spec';
import type { ContractDetail } from '../../../common/api/tokens';
import { Address } from '../../ui/Address';
import { Amount } from '../../ui/Amount';
import { groupDigits } from '../addresses/AddressSummary';
import { CONTRACT_TEXTS } from './texts';

export function contractTypeLabel(c: Pick<ContractDetail, 'contractType' | 'isNft'>): string {
  const base = c.contractType === 'rbc20' ? CONTRACT_TYPES.token : CONTRACT_TYPES.dapp;
  return c.isNft ? `${base} (${CONTRACT_TEXTS.nft})` : base;
}

const WIDE = CONTRACT_TEXTS.creator;

export function ContractSummary({ contract }: { contract: ContractDetail }) {
  const rows: [string, ReactNode][] = [
    [CONTRACT_TEXTS.name, contract.name ?? CONTRACT_TEXTS.unnamed],
    [CONTRACT_TEXTS.balance, <Amount key="b" value={contract.rubybalance} wei={contract.rubybalanceWei} />],
    [CONTRACT_TEXTS.creator, <Address key="c" value={contract.owner} lead={15} copy="detail" />],
    [CONTRACT_TEXTS.transactions, groupDigits(contract.trx_length)],
    [CONTRACT_TEXTS.type, contractTypeLabel(contract)],
  ];
  return (
    <section className="panel detail-summary" aria-labelledby="contract-overview">
      <h2 id="contract-overview" className="detail-summary__title">
        {CONTRACT_TEXTS.overview}
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
