/**
 * The advanced filter: GET /api/advancedFilter (one keyset page, JSON) and
 * GET /api/advancedFilterCsv (the same filter, every row, streamed as CSV without a row cap, in
 * batches pulled by the client as the address exports are; each kind read on its own and merged,
 * server/queries/advancedFilterExport.ts). An impossible filter (a reversed range,
 * a bad selector, an unknown token) is a 400 with the reason.
 */
import { Readable } from 'node:stream';
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { AdvancedFilterCsvQuery, AdvancedFilterQuery } from '../../../common/api/advancedFilter';
import { cursorText, FILTER_ERRORS, FilterError, parseFilter, type FilterQuery, type FilterSpec } from '../../../common/advancedFilter';
import type { ApiContext, RouteModule } from '../../core/context';
import { badRequest } from '../../core/http';
import { filterRange, filterRows, keyOf, unknownTokens } from '../../queries/advancedFilter';
import { filterExportRows } from '../../queries/advancedFilterExport';
import { FILTER_HEADER, filterApiRow, filterLine } from '../export/filterCsv';
import { csvLine } from '../export/csv';
import { rubyAddress } from '../../core/format';
import { gateHook, workGate } from '../workGate';

/** The filter of a request, checked against the index too (its tokens must be known); a 400 otherwise. */
async function specOf(ctx: ApiContext, query: FilterQuery): Promise<FilterSpec> {
  let spec: FilterSpec;
  try {
    spec = parseFilter(query);
  } catch (err) {
    if (err instanceof FilterError) throw badRequest(err.message);
    throw err;
  }
  const unknown = await unknownTokens(ctx, spec.tokens);
  if (unknown.length) throw badRequest(FILTER_ERRORS.unknownToken(unknown.map((t) => rubyAddress(t)).join(', ')));
  return spec;
}

async function* csvOf(ctx: ApiContext, first: FilterSpec): AsyncGenerator<Buffer> {
  yield Buffer.from(csvLine(FILTER_HEADER));
  const range = await filterRange(ctx, first);
  if (!range) return;
  for await (const rows of filterExportRows(ctx, first, range)) {
    const text = rows.map(filterLine).join('');
    rows.length = 0;
    yield Buffer.from(text, 'utf8');
  }
}

export const advancedFilterRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.advancedFilter,
    {
      schema: {
        tags: ['Transaction'],
        summary: 'Advanced filter: transactions, internal transfers and token transfers together, newest first, keyset pages',
        querystring: AdvancedFilterQuery,
        response: { 200: ANSWERS.advancedFilter, 400: ErrorBody },
      },
    },
    async (req) => {
      const spec = await specOf(ctx, req.query);
      const range = await filterRange(ctx, spec);
      const rows = range ? await filterRows(ctx, spec, range, spec.size + 1) : [];
      const more = rows.length > spec.size;
      const page = rows.slice(0, spec.size);
      const last = page[page.length - 1];
      return { status: true, result: page.map(filterApiRow), next: more && last ? cursorText(keyOf(last)) : null };
    },
  );

  app.get(
    patterns.advancedFilterCsv,
    {
      onRequest: gateHook(workGate(ctx, 'export'), ctx.config.rateLimit.exemptLoopback),
      schema: {
        tags: ['Transaction'],
        summary: "The advanced filter's rows as CSV, newest first, streamed without a row cap",
        querystring: AdvancedFilterCsvQuery,
        response: {
          200: ANSWERS.advancedFilterCsv,
          400: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const spec = await specOf(ctx, req.query);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="advanced-filter.csv"')
        .header('cache-control', 'no-store');
      const body = Readable.from(csvOf(ctx, { ...spec, cursor: null }), { objectMode: false, highWaterMark: 64 * 1024 });
      return reply.send(body as unknown as string);
    },
  );
};
