/**
 * The Approvals tab in one answer: every approval an address has given that is in force at the
 * indexed head, riskiest first, paged, optionally of one kind (queries/approvals.ts).
 */
import { Type } from '@sinclair/typebox';
import { APPROVAL_KINDS, type ApprovalKind } from '../../../common/api/approvals';
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { badRequest } from '../../core/http';
import { pageTotals, parseAddressParam, parseShallowPage } from '../../core/params';
import { approvalsOf } from '../../queries/approvals';
import { AddressParam } from './addresses';

function parseKind(kind: string | undefined): ApprovalKind | null {
  if (kind === undefined || kind === '' || kind === 'all') return null;
  const k = APPROVAL_KINDS.find((x) => x === kind);
  if (!k) throw badRequest(`Invalid kind "${kind.slice(0, 40)}": use erc20, erc721, operator or all`);
  return k;
}

export const approvalsRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.approvals,
    {
      schema: {
        tags: ['Wallet'],
        summary: 'The approvals an address has given that are in force: allowances, NFT approvals and operators, riskiest first',
        description:
          'Built from the indexed Approval / ApprovalForAll logs and transfers, each confirmed on chain (allowance, getApproved, isApprovedForAll) at the block it changed; every row is the node’s value at indexedHead. Page from 1, size 1 to 200; kind filters by erc20, erc721 or operator.',
        params: Type.Object({ address: AddressParam, page: Type.String(), size: Type.String() }),
        querystring: Type.Object({ kind: Type.Optional(Type.String({ description: 'erc20, erc721, operator or all (the default)' })) }),
        response: { 200: ANSWERS.approvals, 400: ErrorBody },
      },
    },
    async (req) => {
      const owner = parseAddressParam(req.params.address);
      const page = parseShallowPage(req.params.page, req.params.size);
      const kind = parseKind(req.query.kind);
      const r = await approvalsOf(ctx, owner, page, kind);
      return { status: true, result: r.items, ...pageTotals(r.total, page), counts: r.counts, indexedHead: r.indexedHead };
    },
  );
};
