/**
 * CSV export of an address's history: GET /api/export/{transactions|tokentransfers|internal}/{address}.csv
 * with optional start / end dates (UTC, YYYY-MM-DD, both inclusive). No row cap: the answer is
 * streamed batch by batch as the client reads it (server/queries/exportRows.ts).
 */
import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { EXPORT_KINDS, ExportQuery, type ExportKind } from '../../../common/api/export';
import type { ApiContext, RouteModule } from '../../core/context';
import { INTERNAL_HEADER, TRANSFER_HEADER, TX_HEADER, csvLine, internalLine, transferLine, txLine } from '../export/csv';
import { badRequest } from '../../core/http';
import { parseAddressParam } from '../../core/params';
import { blockRangeOfDates, internalRows, tokenTransferRows, transactionRows } from '../../queries/exportRows';
import { rubyAddress } from '../../core/format';
import { gateHook, workGate } from '../workGate';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as YYYY-MM-DD, or a 400. */
function parseDate(name: string, v: string | undefined): string | null {
  if (v === undefined || v === '') return null;
  const m = DATE.exec(v);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== v) throw badRequest(`Invalid ${name} date "${v.slice(0, 40)}": use YYYY-MM-DD (UTC)`);
  return v;
}

/**
 * One batch's CSV text as bytes. Its rows and its text die here, in V8's young generation: a
 * batch's objects kept alive while its text was being written (about 1 MB a batch) outlived a
 * scavenge, were promoted, and piled up in the old generation until its next full collection
 * (+40 to +50 MB of RSS per 100,000-row export; bench/README.md). A Buffer's bytes are outside the
 * heap and freed when the socket has written them.
 */
function bytesOf<R>(rows: R[], line: (r: R) => string): Buffer {
  const text = rows.map(line).join('');
  rows.length = 0;
  return Buffer.from(text, 'utf8');
}

async function* csvOf(
  ctx: ApiContext,
  kind: ExportKind,
  address: string,
  range: { from: number; to: number } | null,
): AsyncGenerator<Buffer> {
  if (kind === 'transactions') {
    yield Buffer.from(csvLine(TX_HEADER));
    if (range) for await (const rows of transactionRows(ctx, address, range)) yield bytesOf(rows, (r) => txLine(r, address));
  } else if (kind === 'tokentransfers') {
    yield Buffer.from(csvLine(TRANSFER_HEADER));
    if (range) for await (const rows of tokenTransferRows(ctx, address, range)) yield bytesOf(rows, (r) => transferLine(r, address));
  } else {
    yield Buffer.from(csvLine(INTERNAL_HEADER));
    if (range) for await (const rows of internalRows(ctx, address, range)) yield bytesOf(rows, (r) => internalLine(r, address));
  }
}

export const exportRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.exportCsv,
    {
      onRequest: gateHook(workGate(ctx, 'export'), ctx.config.rateLimit.exemptLoopback),
      schema: {
        tags: ['Export'],
        summary: "An address's transactions, token transfers or internal transactions as CSV, oldest first, streamed without a row cap",
        params: Type.Object({
          kind: Type.String({ description: `one of ${EXPORT_KINDS.join(', ')}` }),
          file: Type.String({ description: 'the address (r… or 0x…) followed by .csv' }),
        }),
        querystring: ExportQuery,
        response: {
          200: ANSWERS.exportCsv,
          400: ErrorBody,
          429: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const kind = req.params.kind as ExportKind;
      if (!EXPORT_KINDS.includes(kind))
        throw badRequest(`Unknown export "${req.params.kind.slice(0, 40)}": use ${EXPORT_KINDS.join(', ')}`);
      if (!req.params.file.toLowerCase().endsWith('.csv')) throw badRequest('Name the file as <address>.csv');
      const address = parseAddressParam(req.params.file.slice(0, -4));
      const start = parseDate('start', req.query.start);
      const end = parseDate('end', req.query.end);
      if (start && end && start > end) throw badRequest(`The start date ${start} is after the end date ${end}`);
      const range = await blockRangeOfDates(ctx, start, end);
      const name = `${kind}-${rubyAddress(address)}${start ? `-from-${start}` : ''}${end ? `-to-${end}` : ''}.csv`;
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store');
      // Fastify pipes a stream as it is (no serializer runs); the schema's string type is for the docs.
      // A byte stream with a small high-water mark: at most one batch is read ahead of the client
      // (Readable.from's object mode would queue 16 batches, about 20 MB, before pausing).
      const body = Readable.from(csvOf(ctx, kind, address, range), { objectMode: false, highWaterMark: 64 * 1024 });
      return reply.send(body as unknown as string);
    },
  );
};
