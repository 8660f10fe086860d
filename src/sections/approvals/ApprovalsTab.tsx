/**
 * The Approvals tab (address page and wallet dashboard): one request (/getApprovals) answers a
 * page of the approvals the address has given that are in force, riskiest first; the kind filter
 * (?kind=), page and size live in the URL. The signed-in user whose wallet is this address sees
 * Revoke (ApprovalsTable); anyone else a note saying who can.
 */
import { useSearchParams } from 'wouter';
import { APPROVAL_KINDS, type ApprovalKind } from '../../../common/api/approvals';
import { PAGE_SIZE } from '../../../common/spec';
import { LIST_LOAD_FAILED, LoadError } from '../../ui/LoadError';
import { PagedSection } from '../../ui/PagedSection';
import { usePagedUrl } from '../../ui/usePagedUrl';
import { useApprovalsQuery } from './approvalsApi';
import { ApprovalsTable } from './ApprovalsTable';
import { APPROVALS_TEXTS } from './texts';

const KIND_PARAM = 'kind';
const readKind = (v: string | null): ApprovalKind | null => APPROVAL_KINDS.find((k) => k === v) ?? null;

export function ApprovalsTab({ address }: { address: string }) {
  const T = APPROVALS_TEXTS;
  const [params, setParams] = useSearchParams();
  const kind = readKind(params.get(KIND_PARAM));
  const list = usePagedUrl(PAGE_SIZE);
  const q = useApprovalsQuery({ address, page: list.page, size: list.size, kind });
  const counts = q.data?.counts;
  const choose = (k: ApprovalKind | null) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (k) p.set(KIND_PARAM, k);
      else p.delete(KIND_PARAM);
      p.delete('page');
      return p;
    });
  return (
    <>
      <fieldset className="approvals-filter">
        <legend>{T.filterLabel}</legend>
        {([null, ...APPROVAL_KINDS] as const).map((k) => (
          <label key={k ?? 'all'}>
            <input type="radio" name="approval-kind" checked={kind === k} onChange={() => choose(k)} />{' '}
            {k === null ? T.kinds.all : T.kinds[k]}
            {counts && k !== null ? ` (${counts[k]})` : ''}
          </label>
        ))}
      </fieldset>
      <PagedSection list={list} query={q} label={T.pages}>
        {q.isError && !q.data ? (
          <LoadError message={LIST_LOAD_FAILED} onRetry={() => void q.refetch()} />
        ) : (
          <ApprovalsTable owner={address} rows={q.data?.result} />
        )}
      </PagedSection>
    </>
  );
}
