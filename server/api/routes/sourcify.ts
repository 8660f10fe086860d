/**
 * Sourcify's v2 API under /api/sourcify/: verify with a standard JSON input, poll the
 * job, look a contract up. The work is in server/api/sourcify/; every 4xx here is answered in
 * Sourcify's shape ({customCode, message, errorId}), not the explorer's.
 */
import type { FastifyError } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { MAX_SOURCE_BYTES } from '../../../common/api/deployConstants';
import { inject } from 'regexparam';
import { toRubyAddress } from '../../../common/address';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { ROUTES } from '../../../common/spec';
import { SourcifyContractMinimal, SourcifyError, SourcifyVerificationJob, SourcifyVerifyRequest } from '../../../common/api/sourcify';
import type { RouteModule } from '../../core/context';
import { findVerified } from '../../queries/verified';
import { ApiError } from '../../core/http';
import { checkAddress, checkChain, SourcifyHttpError, sourcifyError } from '../sourcify/errors';
import { jobStatus, lookupContract, parseSelection } from '../sourcify/lookup';
import { submitVerification } from '../sourcify/verifyJob';
import { callerOf } from '../workGate';

const TAGS = ['Contract'];
/** The contract page's tab with the source and ABI (src/features/contracts/ContractDetailPage.tsx, TABS.contract), as ?tab= names it. */
const CONTRACT_CODE_TAB = 'contract';
const ChainAddress = Type.Object({ chainId: Type.String(), address: Type.String() });

export const sourcifyRoutes: RouteModule = (app, ctx) => {
  void app.register(async (scope) => {
    const sub = scope.withTypeProvider<TypeBoxTypeProvider>();
    sub.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err instanceof SourcifyHttpError) return reply.code(err.statusCode).send(err.body());
      if (err instanceof ApiError && err.statusCode < 500)
        return reply.code(err.statusCode).send(sourcifyError('invalid_parameter', err.message));
      const code = err.statusCode ?? 500;
      if (code === 429) return reply.code(429).send(sourcifyError('too_many_requests', 'You are sending too many requests'));
      if (code >= 400 && code < 500)
        return reply.code(code).send(sourcifyError(code === 413 ? 'payload_too_large' : 'invalid_json', err.message));
      throw err;
    });

    sub.post(
      patterns.sourcifyVerify,
      {
        // A standard JSON input carries every source of the project.
        bodyLimit: MAX_SOURCE_BYTES * 20,
        schema: {
          tags: TAGS,
          summary:
            'Sourcify v2: verify a deployed contract from a standard JSON input (202 and a verificationId; poll GET /sourcify/v2/verify/{verificationId}). Creation and runtime code are compared, constructor arguments proved from the chain',
          params: ChainAddress,
          body: Type.Unsafe<SourcifyVerifyRequest>({ ...SourcifyVerifyRequest, additionalProperties: true }),
          response: {
            202: SourcifyVerificationJob,
            400: SourcifyError,
            404: SourcifyError,
            409: SourcifyError,
            429: SourcifyError,
            503: ErrorBody,
          },
        },
        attachValidation: true,
      },
      async (req, reply) => {
        const chainId = await checkChain(ctx, req.params.chainId);
        const address = checkAddress(req.params.address);
        const verificationId = await submitVerification(
          ctx,
          chainId,
          address,
          req.body,
          callerOf(req, ctx.config.rateLimit.exemptLoopback),
        );
        return reply.code(202).send({ verificationId });
      },
    );

    sub.get(
      patterns.sourcifyJob,
      {
        schema: {
          tags: TAGS,
          summary: 'Sourcify v2: the state of a verification job (isJobCompleted, contract match levels, error)',
          params: Type.Object({ verificationId: Type.String() }),
          response: { 200: ANSWERS.sourcifyJob, 404: SourcifyError, 503: ErrorBody },
        },
      },
      async (req) => jobStatus(ctx, req.params.verificationId),
    );

    sub.get(
      patterns.sourcifyContract,
      {
        schema: {
          tags: TAGS,
          summary:
            'Sourcify v2: a verified contract (match, creationMatch, runtimeMatch, chainId, address, verifiedAt; fields=all or fields=a,b.c or omit=… for abi, sources, compilation, deployment, creationBytecode, runtimeBytecode, stdJsonInput); 404 when not verified',
          params: ChainAddress,
          querystring: Type.Object({ fields: Type.Optional(Type.String()), omit: Type.Optional(Type.String()) }),
          response: {
            200: ANSWERS.sourcifyContract,
            400: SourcifyError,
            404: Type.Union([SourcifyContractMinimal, SourcifyError]),
            503: ErrorBody,
          },
        },
      },
      async (req, reply) => {
        const chainId = await checkChain(ctx, req.params.chainId);
        const address = checkAddress(req.params.address);
        const selection = parseSelection(req.query.fields, req.query.omit);
        const { status, body } = await lookupContract(ctx, chainId, address, selection);
        return reply.code(status).send(body);
      },
    );

    // Hardhat prints {apiUrl}/repo-ui/{chainId}/{address} after a verification: the contract's Code tab here.
    sub.get(
      patterns.sourcifyRepoUi,
      {
        // A link for browsers (Hardhat prints it), not an operation of the API: off the /Api page and the OpenAPI document.
        schema: {
          hide: true,
          tags: TAGS,
          summary: `The page Sourcify's repository UI link names: 302 to the verified contract's code (${ROUTES.contractDetail}, its Contract tab); 404 for another chain or an unverified contract`,
          params: ChainAddress,
          response: { 302: Type.Null(), 400: SourcifyError, 404: SourcifyError, 503: ErrorBody },
        },
      },
      async (req, reply) => {
        const chainId = await checkChain(ctx, req.params.chainId);
        const address = checkAddress(req.params.address);
        if (!(await findVerified(ctx, address)))
          throw new SourcifyHttpError(
            404,
            'contract_not_verified',
            `Contract ${toRubyAddress(address)} is not verified on chain ${chainId}: verify it first (${inject(ROUTES.verifyContract, { address: toRubyAddress(address) })})`,
          );
        const page = inject(ROUTES.contractDetail, { contractAddress: toRubyAddress(address) });
        return reply.redirect(`${page}?tab=${CONTRACT_CODE_TAB}`, 302);
      },
    );
  });
};
