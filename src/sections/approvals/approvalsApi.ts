/** The Approvals tab's one request: GET /getApprovals/{address}/{page}/{size}?kind=. */
import type { AnswerOf } from '../../../common/api/answers';
import type { ApprovalKind } from '../../../common/api/approvals';
import { paths } from '../../../common/api/paths';
import { api } from '../../app/api';

export interface ApprovalsArgs {
  address: string;
  page: number;
  size: number;
  kind: ApprovalKind | null;
}

export const approvalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    approvals: build.query<AnswerOf<'approvals'>, ApprovalsArgs>({
      query: ({ address, page, size, kind }) => paths.approvals({ address, page, size }, kind ? { kind } : undefined),
    }),
  }),
});

export const { useApprovalsQuery } = approvalsApi;
