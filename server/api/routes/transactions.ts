/**
 * Transactions: all transactions page by page (newest first) and one transaction in full.
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody, PageParams } from '../../../common/api/base';
import type { RouteModule } from '../../core/context';
import { notFound } from '../../core/http';
import { pageTotals, parseHashParam, parsePage } from '../../core/params';
import { transactionDetail } from '../../queries/transactionDetail';
import { inputData } from '../../services/inputData';
import { parseAddress } from '../../../common/address';
import { transactionPage } from '../../queries/transactions';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

export const transactionsRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.allTx,
    {
      schema: {
        tags: ['Transaction'],
        summary: 'All transactions, newest first (page from 1, size 1 to 200)',
        params: PageParams,
        response: { 200: ANSWERS.allTx, 400: ErrorBody },
      },
    },
    async (req) => {
      const page = parsePage(req.params.page, req.params.size);
      const { items, total } = await transactionPage(ctx, page);
      return { status: true, result: items, ...pageTotals(total, page) };
    },
  );

  app.get(
    patterns.txData,
    {
      schema: {
        tags: ['Transaction'],
        summary: 'One transaction with its token transfers, internal calls, DEX details and a call trace',
        params: Type.Object({ hash: Type.String({ description: 'transaction hash, 0x + 64 hex digits' }) }),
        response: { 200: ANSWERS.txData, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const hash = parseHashParam(req.params.hash);
      const detail = await transactionDetail(ctx, hash);
      if (!detail) throw notFound(`Transaction ${hash} not found`);
      return { status: true, result: { ...detail, inputData: await inputData(ctx, parseAddress(detail.to ?? ''), detail.input) } };
    },
  );
};
