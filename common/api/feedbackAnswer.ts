/**
 * POST /feedback's answer as a TypeBox schema (the route's 201 and the registry's answer,
 * common/api/answers.ts). Apart from common/api/feedback.ts, which the SPA imports at run time
 * and so carries no TypeBox values.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FEEDBACK_KINDS } from './feedback';

export const FeedbackKindSchema = Type.Union(FEEDBACK_KINDS.map((k) => Type.Literal(k)));

export const FeedbackCreated = Type.Object({
  status: Type.Literal(true),
  result: Type.Object({
    id: Type.Integer(),
    kind: FeedbackKindSchema,
    name: Type.String(),
    email: Type.String(),
    description: Type.String(),
    createdAt: Type.String({ description: 'ISO 8601 time stored' }),
  }),
});
export type FeedbackCreated = Static<typeof FeedbackCreated>;
