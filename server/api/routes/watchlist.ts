/**
 * The logged-in user's watchlist: list, add or edit (POST the same address again),
 * remove, and the alerts raised for it (newest first, with a read flag). Registered in the
 * authenticated scope (server/auth/scope.ts), so `req.user` is the caller. The SQL is
 * server/watchlist/queries.ts; the alerts are raised by server/watchlist/alerts.ts.
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { MarkReadBody, MAX_WATCHED, WATCH_LABEL_MAX, WatchBody, type WatchAlerts, type WatchItem } from '../../../common/api/watchlist';
import { toNotification } from '../../watchlist/alerts';
import { countUnread, listWatched, markRead, readNotifications, removeWatched, saveWatched, type WatchRow } from '../../watchlist/queries';
import type { RouteModule } from '../../core/context';
import { rubyAddress } from '../../core/format';
import { badRequest, notFound } from '../../core/http';
import { parseAddressParam } from '../../core/params';

const Tags = ['Wallet'];
export const WATCHLIST_FULL = `You already watch ${MAX_WATCHED} addresses: remove one first`;
export const LABEL_TOO_LONG = `The label is too long: at most ${WATCH_LABEL_MAX} characters`;
export const LABEL_CONTROL = 'The label may not hold control characters';
export const NOT_WATCHED = 'This address is not on your watchlist';

const toItem = (r: WatchRow): WatchItem => ({
  address: rubyAddress(r.address),
  label: r.label,
  alerts: r.alerts,
  createdAt: r.createdAt.toISOString(),
});

/** The label trimmed, or a 400 naming what is wrong. */
export function parseLabel(input: string | undefined): string {
  const label = (input ?? '').trim();
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(label)) throw badRequest(LABEL_CONTROL);
  if ([...label].length > WATCH_LABEL_MAX) throw badRequest(LABEL_TOO_LONG);
  return label;
}

export const watchlistRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.watchlist,
    {
      schema: {
        tags: Tags,
        summary: "The logged-in user's watched addresses with their private labels and alert kinds, oldest first",
        response: { 200: ANSWERS.watchlist.GET },
      },
    },
    async (req) => ({ status: true, result: (await listWatched(ctx.db, req.user.email)).map(toItem), max: MAX_WATCHED }),
  );

  app.post(
    patterns.watchlist,
    {
      schema: {
        tags: Tags,
        summary: `Watch an address (at most ${MAX_WATCHED}), or change its label and alerts when already watched`,
        body: WatchBody,
        response: { 200: ANSWERS.watchlist.POST, 400: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.body.address.trim());
      const label = parseLabel(req.body.label);
      const a = req.body.alerts ?? {};
      const alerts: WatchAlerts = { incoming: a.incoming ?? true, outgoing: a.outgoing ?? true, tokens: a.tokens ?? true };
      const saved = await saveWatched(ctx.db, req.user.email, address, label, alerts);
      if (!saved.ok) throw badRequest(WATCHLIST_FULL);
      return { status: true, result: toItem(saved.row) };
    },
  );

  app.delete(
    patterns.watchlistItem,
    {
      schema: {
        tags: Tags,
        summary: 'Stop watching an address (its label goes too)',
        params: Type.Object({ address: Type.String() }),
        response: { 200: ANSWERS.watchlistItem, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      if (!(await removeWatched(ctx.db, req.user.email, address))) throw notFound(NOT_WATCHED);
      return { status: true, result: { address: rubyAddress(address) } };
    },
  );

  app.get(
    patterns.watchlistNotifications,
    {
      schema: {
        tags: Tags,
        summary: "The logged-in user's watchlist alerts, newest first (the last 100), and how many are unread",
        response: { 200: ANSWERS.watchlistNotifications },
      },
    },
    async (req) => {
      const { email } = req.user;
      const [rows, unread] = await Promise.all([readNotifications(ctx.db, { email }), countUnread(ctx.db, email)]);
      return { status: true, result: rows.map(toNotification), unread };
    },
  );

  app.post(
    patterns.watchlistRead,
    {
      schema: {
        tags: Tags,
        summary: "Mark the logged-in user's watchlist alerts read (those ids, or all)",
        body: MarkReadBody,
        response: { 200: ANSWERS.watchlistRead, 400: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: { updated: await markRead(ctx.db, req.user.email, req.body.ids) } }),
  );
};
