/**
 * Blockscout's REST API v2 under /api/v2/ (read-only): the paths, query parameters, shapes and
 * error answers of Blockscout's published OpenAPI, for the tools that speak it (whatsabi's
 * BlockscoutABILoader, Blockscout's SDKs and widgets). Each resource reads the queries our own
 * API reads; server/api/blockscout/ only shapes. Rate limits and API keys are the /api scope's.
 * Off the OpenAPI document (hide): the /Api page lists these paths in a section of their own.
 */
import type { FastifyError } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { patterns } from '../../../common/api/paths';
import type { RouteModule } from '../../core/context';
import { ApiError } from '../../core/http';
import { BlockscoutError, bsAddressParam, bsPage } from '../blockscout/common';
import { bsSmartContract, bsSmartContracts } from '../blockscout/contracts';
import { BS_ADDRESS, BS_SCHEMA } from '../blockscout/routeSchema';
import { blockscoutChainRoutes } from './blockscoutV2Chain';
import { blockscoutAccountRoutes } from './blockscoutV2Accounts';

export const blockscoutV2Routes: RouteModule = (app, ctx) => {
  void app.register(async (scope) => {
    const sub = scope.withTypeProvider<TypeBoxTypeProvider>();
    sub.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err instanceof BlockscoutError) return reply.code(err.statusCode).send(err.payload);
      if (err instanceof ApiError && err.statusCode === 404) return reply.code(404).send({ message: 'Not found' });
      if (err instanceof ApiError && err.statusCode < 500) return reply.code(err.statusCode).send({ message: err.message });
      if (err.validation)
        return reply.code(422).send({ errors: [{ title: 'Invalid value', source: { pointer: '/' }, detail: err.message }] });
      throw err;
    });

    sub.get(patterns.bsSmartContract, { schema: { ...BS_SCHEMA, params: BS_ADDRESS } }, async (req) =>
      bsSmartContract(ctx, bsAddressParam(req.params.address)),
    );
    for (const pattern of [patterns.bsSmartContracts, patterns.bsSmartContractsSlash])
      sub.get(pattern, { schema: BS_SCHEMA }, async (req) => bsSmartContracts(ctx, bsPage(req.query)));

    blockscoutChainRoutes(sub, ctx);
    blockscoutAccountRoutes(sub, ctx);
  });
};
