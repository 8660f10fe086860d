/**
 * A token's holders at a past block or day (the token page's "Holders at block / date"), from the
 * sum of its transfers up to that block (server/queries/historyAt.ts), as JSON pages or as a
 * CSV of every holder. A block past the index, a day before the chain, or both a block and a
 * date are 400s with the reason.
 */
import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { HoldersAtQuery } from '../../../common/api/holdersAt';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { ApiContext, RouteModule } from '../../core/context';
import { csvLine, exactUnits } from '../export/csv';
import { rubyAddress, toAmount } from '../../core/format';
import { badRequest, notFound } from '../../core/http';
import { parseAddressParam, parsePage } from '../../core/params';
import { etherscanToken } from '../../queries/etherscanChain';
import { blockTime, holdersAtPage, indexedRange, lastBlockOfDay } from '../../queries/historyAt';
import { sharePercent } from '../../queries/tokenHolders';
import { gateHook, workGate } from '../workGate';
import { FILTER_ERRORS } from '../../../common/advancedFilter';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TokenParams = Type.Object({ contractAddress: Type.String({ description: 'token address: r… or 0x…' }) });

async function tokenOf(ctx: ApiContext, raw: string) {
  const address = parseAddressParam(raw);
  const token = await etherscanToken(ctx, address);
  if (!token) throw notFound(`Token ${rubyAddress(address)} not found`);
  return { address, decimals: token.is_nft ? 0 : (token.decimals ?? 18), symbol: token.symbol };
}

/** The block a request names (block= or date=), checked against the index. */
async function blockOf(ctx: ApiContext, q: { block?: string; date?: string }): Promise<number> {
  const block = (q.block ?? '').trim();
  const date = (q.date ?? '').trim();
  if (block !== '' && date !== '') throw badRequest('Give a block or a date, not both');
  const range = await indexedRange(ctx);
  if (range.head === null) throw badRequest('Nothing is indexed yet');
  if (block === '' && date === '') return range.head;
  let n: number | null;
  if (block !== '') {
    if (!/^\d{1,15}$/.test(block)) throw badRequest(FILTER_ERRORS.block('block', block.slice(0, 40)));
    n = Number(block);
  } else {
    const d = DATE.test(date) ? new Date(`${date}T00:00:00Z`) : null;
    if (!d || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date)
      throw badRequest(FILTER_ERRORS.date('date', date.slice(0, 40)));
    n = await lastBlockOfDay(ctx, date);
    if (n === null) throw badRequest(`No indexed block is as old as ${date}`);
  }
  if (n > range.head) throw badRequest(`Block ${n} is after the latest indexed block ${range.head}`);
  if (n < range.start) throw badRequest(`Block ${n} is before the indexed history (from block ${range.start})`);
  return n;
}

const HEADER = ['Rank', 'HolderAddress', 'Balance', 'Percentage', 'Balance (raw)'];

async function* csvOf(ctx: ApiContext, token: { address: string; decimals: number }, block: number): AsyncGenerator<Buffer> {
  yield Buffer.from(csvLine(HEADER));
  const rows = await holdersAtPage(ctx, token.address, block, 0, null);
  const held = BigInt(rows[0]?.held ?? '0');
  for (let i = 0; i < rows.length; i += 5_000) {
    const part = rows.slice(i, i + 5_000);
    const text = part
      .map(
        (r, j) =>
          `${i + j + 1},${rubyAddress(r.holder)},${exactUnits(r.balance, token.decimals)},${sharePercent(BigInt(r.balance), held) ?? ''},${r.balance}\r\n`,
      )
      .join('');
    yield Buffer.from(text, 'utf8');
  }
}

export const holdersAtRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.tokenHoldersAt,
    {
      schema: {
        tags: ['Token'],
        summary: "A token's holders at a past block or day, largest first, from the sum of its transfers up to that block",
        params: TokenParams,
        querystring: HoldersAtQuery,
        response: { 200: ANSWERS.tokenHoldersAt, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const token = await tokenOf(ctx, req.params.contractAddress);
      const block = await blockOf(ctx, req.query);
      const page = parsePage(req.query.page ?? '1', req.query.size ?? '25');
      const rows = await holdersAtPage(ctx, token.address, block, page.offset, page.size);
      const held = BigInt(rows[0]?.held ?? '0');
      return {
        status: true,
        result: {
          block,
          timestamp: (await blockTime(ctx, block)) ?? 0,
          totalHolders: rows[0]?.holders ?? 0,
          holders: rows.map((r, i) => ({
            rank: page.offset + i + 1,
            address: rubyAddress(r.holder),
            quantity: toAmount(r.balance, token.decimals),
            quantityWei: r.balance,
            percentage: sharePercent(BigInt(r.balance), held),
          })),
        },
      };
    },
  );

  app.get(
    patterns.tokenHoldersAtCsv,
    {
      onRequest: gateHook(workGate(ctx, 'export'), ctx.config.rateLimit.exemptLoopback),
      schema: {
        tags: ['Token'],
        summary: "A token's holders at a past block or day as CSV: rank, address, balance, share",
        params: TokenParams,
        querystring: HoldersAtQuery,
        response: { 200: ANSWERS.tokenHoldersAtCsv, 400: ErrorBody, 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (req, reply) => {
      const token = await tokenOf(ctx, req.params.contractAddress);
      const block = await blockOf(ctx, req.query);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="holders-${rubyAddress(token.address)}-block-${block}.csv"`)
        .header('cache-control', 'no-store');
      const body = Readable.from(csvOf(ctx, token, block), { objectMode: false, highWaterMark: 64 * 1024 });
      return reply.send(body as unknown as string);
    },
  );
};
