/**
 * The logged-in user's API keys (issue 8): list, create (the key shown once) and revoke. The
 * owner is the caller's account (`req.user`: these routes are registered in the authenticated
 * scope, server/auth/scope.ts, like the wallet's); the key store itself is server/api/apiKeys.ts. At most MAX_ACTIVE_API_KEYS active keys per account.
 */
import { Type } from '@sinclair/typebox';
import { CreateApiKeyBody, MAX_ACTIVE_API_KEYS } from '../../../common/api/apiKeys';
import { ErrorBody } from '../../../common/api/base';
import { apiKeyResolverOf, createApiKey } from '../apiKeys';
import type { RouteModule } from '../../core/context';
import { badRequest, notFound } from '../../core/http';
import { countActiveApiKeys, listApiKeys, revokeApiKey } from '../../queries/apiKeys';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

const Tags = ['API keys'];
export const TOO_MANY_KEYS = `You already have ${MAX_ACTIVE_API_KEYS} active API keys: revoke one first`;
export const KEY_NOT_FOUND = 'API key not found';

export const apiKeysRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.apiKeys,
    {
      schema: {
        tags: Tags,
        summary: "The logged-in user's API keys, oldest first (never the keys themselves)",
        response: { 200: ANSWERS.apiKeys.GET },
      },
    },
    async (req) => {
      const keys = await listApiKeys(ctx.db, req.user.email);
      return {
        status: true,
        result: keys.map((k) => ({
          id: k.id,
          label: k.label,
          prefix: k.keyPrefix,
          createdAt: k.createdAt.toISOString(),
          revokedAt: k.revokedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    patterns.apiKeys,
    {
      schema: {
        tags: Tags,
        summary: 'Create an API key for the logged-in user; the answer is the only time the key is shown',
        body: CreateApiKeyBody,
        response: { 200: ANSWERS.apiKeys.POST, 400: ErrorBody },
      },
    },
    async (req) => {
      const { email } = req.user;
      if ((await countActiveApiKeys(ctx.db, email)) >= MAX_ACTIVE_API_KEYS) throw badRequest(TOO_MANY_KEYS);
      const k = await createApiKey(ctx.db, email, req.body.label);
      return { status: true, result: { id: k.id, key: k.key, prefix: k.keyPrefix, label: k.label, createdAt: k.createdAt.toISOString() } };
    },
  );

  app.delete(
    patterns.apiKey,
    {
      schema: {
        tags: Tags,
        summary: "Revoke one of the logged-in user's active API keys",
        params: Type.Object({ id: Type.String() }),
        response: { 200: ANSWERS.apiKey, 404: ErrorBody },
      },
    },
    async (req) => {
      const { email } = req.user;
      const id = /^\d{1,15}$/.test(req.params.id) ? Number(req.params.id) : NaN;
      // Another user's key, a revoked one and a made-up id answer alike.
      if (!Number.isSafeInteger(id) || !(await revokeApiKey(ctx.db, id, email))) throw notFound(KEY_NOT_FOUND);
      // This process refuses the key at once; other API processes within the resolver's cache TTL.
      apiKeyResolverOf(ctx)?.forget(id);
      return { status: true, result: { id, revokedAt: new Date().toISOString() } };
    },
  );
};
