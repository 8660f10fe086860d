/**
 * POST /feedback: the report-issue and feature-request forms. The body is checked with the same
 * function the forms use (common/api/feedback.ts), so bad input gets the forms' own wording in a
 * 400; bodies over FEEDBACK_LIMITS.bodyBytes get 413; more than FEEDBACK_LIMITS.perWindow
 * submissions per IP address per window get 429. Stored rows are read with the CLI
 * (`npm run server -- feedback`), never served back over HTTP.
 */
import rateLimit from '@fastify/rate-limit';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { FEEDBACK_LIMITS, FEEDBACK_MESSAGES, parseFeedbackBody } from '../../../common/api/feedback';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { FeedbackKindSchema } from '../../../common/api/feedbackAnswer';
import { fillMessage } from '../../../common/spec';
import type { RouteModule } from '../../core/context';
import { ApiError, badRequest } from '../../core/http';
import { insertFeedback } from '../../queries/feedback';

const text = (l: { min: number; max: number }, description: string) => Type.String({ minLength: l.min, maxLength: l.max, description });

/** Documents the body (OpenAPI); the checks themselves are parseFeedbackBody's, for their messages. */
const FeedbackBody = Type.Object({
  kind: FeedbackKindSchema,
  name: text(FEEDBACK_LIMITS.name, 'who reports'),
  email: text(FEEDBACK_LIMITS.email, 'where to answer'),
  description: text(FEEDBACK_LIMITS.description, 'the issue or the requested features'),
});

export const feedbackRoutes: RouteModule = (app, ctx) => {
  // Own limiter, checked in an onRequest hook of the route (before the body is read): a
  // route-level `config.rateLimit` would also be picked up by the API's global limiter
  // (registered first, with its own messages and loopback exemption).
  void app.register(async (scope) => {
    await scope.register(rateLimit, { global: false });
    const limiter = scope.createRateLimit({
      max: FEEDBACK_LIMITS.perWindow,
      timeWindow: FEEDBACK_LIMITS.windowMs,
      keyGenerator: (req) => `feedback:${req.ip}`,
      allowList: () => false,
    });
    scope.post(
      patterns.feedback,
      {
        bodyLimit: FEEDBACK_LIMITS.bodyBytes,
        attachValidation: true,
        // This route's own, stricter limit replaces the global one.
        config: { rateLimit: false },
        onRequest: async (req, reply) => {
          const r = await limiter(req);
          if (!r.isAllowed && r.isExceeded) {
            void reply.header('retry-after', String(r.ttlInSeconds));
            throw new ApiError(
              429,
              fillMessage(FEEDBACK_MESSAGES.rateLimited, { minutes: String(Math.max(1, Math.ceil(r.ttl / 60_000))) }),
            );
          }
        },
        schema: {
          tags: ['Feedback'],
          summary: 'Store a report-issue or feature-request form (rate-limited per IP address)',
          body: FeedbackBody,
          response: { 201: ANSWERS.feedback, 400: ErrorBody, 413: ErrorBody, 429: ErrorBody },
        },
      },
      async (req, reply) => {
        const parsed = parseFeedbackBody(req.body as unknown);
        if (!parsed.ok) throw badRequest(parsed.message);
        // Valid for the forms' rules but not for the schema (an unknown extra field, say).
        if (req.validationError) throw badRequest(`Invalid request: ${req.validationError.message}`);
        const record = await insertFeedback(ctx.db, parsed.value);
        ctx.log(`feedback: stored ${record.kind} #${record.id}`);
        return reply.code(201).send({ status: true as const, result: record });
      },
    );
  });
};
