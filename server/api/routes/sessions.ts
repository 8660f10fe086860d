/**
 * Log-out on the server: POST /logout ends the caller's session, POST /logout/all
 * ("log out everywhere") every live session of the account, the caller's included. Registered in
 * the authenticated scope (server/auth/scope.ts): `req.user` carries the session id.
 */
import { LOGGED_OUT, LOGGED_OUT_EVERYWHERE } from '../../../common/api/sessions';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { endSession, endSessions } from '../../auth/sessions';
import type { RouteModule } from '../../core/context';

const Tags = ['Account'];

export const sessionsRoutes: RouteModule = (app, ctx) => {
  app.post(
    patterns.logout,
    {
      schema: {
        tags: Tags,
        summary: "Log out: ends this token's session on the server (the token is refused from then on)",
        response: { 200: ANSWERS.logout },
      },
    },
    async (req) => {
      const ended = await endSession(ctx.db, req.user.email, req.user.sessionId);
      ctx.sessionsEnded.tell({ email: req.user.email, sid: req.user.sessionId });
      return { status: true as const, msg: LOGGED_OUT, result: { ended: ended ? 1 : 0 } };
    },
  );

  app.post(
    patterns.logoutAll,
    {
      schema: {
        tags: Tags,
        summary: 'Log out everywhere: ends every session of the account, this one included',
        response: { 200: ANSWERS.logoutAll },
      },
    },
    async (req) => {
      const ended = await endSessions(ctx.db, req.user.email);
      ctx.sessionsEnded.tell({ email: req.user.email, allBut: null });
      return { status: true as const, msg: LOGGED_OUT_EVERYWHERE, result: { ended } };
    },
  );
};
