/**
 * Event logs: a transaction's logs (the Logs tab) and a contract's events, newest first (the
 * address page's Events tab), decoded where an ABI is known (server/core/logDecode.ts).
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody, PageParams } from '../../../common/api/base';
import type { RouteModule } from '../../core/context';
import { notFound } from '../../core/http';
import { pageTotals, parseAddressParam, parseHashParam, parsePage } from '../../core/params';
import { addressEvents, transactionLogs } from '../../queries/logs';
import { AddressParam } from './addresses';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

export const logsRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.txLogs,
    {
      schema: {
        tags: ['Transaction'],
        summary: 'Every event log of a transaction in block order, decoded when the contract is verified or the event is a standard one',
        params: Type.Object({ hash: Type.String({ description: 'transaction hash, 0x + 64 hex digits' }) }),
        response: { 200: ANSWERS.txLogs, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const hash = parseHashParam(req.params.hash);
      const logs = await transactionLogs(ctx, hash);
      if (!logs) throw notFound(`Transaction ${hash} not found`);
      return { status: true, result: logs };
    },
  );

  app.get(
    patterns.addressEvents,
    {
      schema: {
        tags: ['Contract'],
        summary: 'Event logs a contract emitted, newest first (page from 1, size 1 to 200), decoded where possible',
        params: Type.Object({ address: AddressParam, ...PageParams.properties }),
        response: { 200: ANSWERS.addressEvents, 400: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const page = parsePage(req.params.page, req.params.size);
      const { items, total } = await addressEvents(ctx, address, page);
      return { status: true, result: items, ...pageTotals(total, page) };
    },
  );
};
