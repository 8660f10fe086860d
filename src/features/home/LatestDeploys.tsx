import type { DeployRecord } from '../../../common/api/charts';
import { EMPTY_TEXTS, HOME, NO_VALUE } from '../../../common/spec';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { Age } from '../../ui/Age';
import { DataTable, type Column } from '../../ui/DataTable';
import { Panel } from './Panel';
import { HOME_TEXTS } from './texts';

interface LatestDeploysProps {
  kind: 'token' | 'contract';
  rows: readonly DeployRecord[] | undefined;
}

/** Latest Token / Latest Contract: 8 newest deployments (5 in the mobile list). */
export function LatestDeploys({ kind, rows }: LatestDeploysProps) {
  const token = kind === 'token';
  const title = token ? HOME_TEXTS.latestToken : HOME_TEXTS.latestContract;
  const detail = token ? urls.tokenDetail : urls.contractDetail;
  const C = HOME_TEXTS.columns;
  const columns: readonly Column<DeployRecord>[] = [
    {
      key: 'contract',
      header: C.contract,
      cell: (r) => <Address value={r.contract_address} lead={12} href={detail(r.contract_address)} />,
    },
    { key: 'name', header: C.name, cell: (r) => (r.contractname ? <span translate="no">{r.contractname}</span> : NO_VALUE) },
    { key: 'age', header: C.age, cell: (r) => <Age time={r.timestamp} /> },
  ];
  return (
    <Panel
      title={title}
      more={
        token
          ? { href: urls.tokens(), label: HOME_TEXTS.viewAllTokens }
          : { href: urls.verifiedContracts(), label: HOME_TEXTS.viewAllContract }
      }
    >
      <DataTable
        columns={columns}
        rows={rows?.slice(0, HOME.latestTokens)}
        narrowRows={HOME.latestTokensMobile}
        rowKey={(r) => r.contract_address}
        empty={token ? EMPTY_TEXTS.noTokens : HOME_TEXTS.noContracts}
        caption={title}
        placeholderRows={HOME.latestTokens}
      />
    </Panel>
  );
}
