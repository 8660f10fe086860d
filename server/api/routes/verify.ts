/**
 * Verified source for contracts already on chain (POST /verifyContract) and read calls of their
 * view functions (POST /readContract). The Etherscan-style form is in etherscan.ts.
 */
import { ErrorBody } from '../../../common/api/base';
import { ReadRequest, VerifyRequest } from '../../../common/api/deploy';
import { MAX_SOURCE_BYTES } from '../../../common/api/deployConstants';
import { standardInput } from '../../chain/compile';
import type { RouteModule } from '../../core/context';
import { badRequest } from '../../core/http';
import { parseAddressParam } from '../../core/params';
import { verifyOnChain } from '../../services/verifiedCheck';
import { readContract } from '../../services/verifiedRead';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { EVM_VERSION_NAMES } from '../../../common/evmVersions';
import { gateHook, workGate } from '../workGate';

/** The EVM versions solc accepts (one list, common/evmVersions.ts, shared with the Verify page). */
const EVM_VERSIONS: ReadonlySet<string> = new Set(EVM_VERSION_NAMES);

export const verifyRoutes: RouteModule = (app, ctx) => {
  app.post(
    patterns.verifyContract,
    {
      onRequest: gateHook(workGate(ctx, 'verify'), ctx.config.rateLimit.exemptLoopback),
      bodyLimit: MAX_SOURCE_BYTES * 2,
      schema: {
        tags: ['Contract'],
        summary:
          'Verify a deployed contract: compile the source, compare the creation and runtime code with the chain (exact_match, or match with the metadata hash ignored), prove the constructor arguments from the creation code and store it on a match',
        body: VerifyRequest,
        response: {
          200: ANSWERS.verifyContract,
          400: ErrorBody,
          409: ErrorBody,
          413: ErrorBody,
          422: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (req) => {
      const b = req.body;
      const address = parseAddressParam(b.address.trim());
      if (Buffer.byteLength(b.source) > MAX_SOURCE_BYTES)
        throw badRequest(`The source is too large: at most ${MAX_SOURCE_BYTES / 1024} KB`);
      const evm = b.settings?.evmVersion;
      if (evm !== undefined && !EVM_VERSIONS.has(evm)) throw badRequest(`Unknown EVM version "${evm}"`);
      const fileName = b.fileName && /^[\w./-]{1,200}\.sol$/.test(b.fileName) ? b.fileName : 'Contract.sol';
      const settings = { optimizer: b.settings?.optimizer ?? { enabled: false, runs: 200 }, ...(evm ? { evmVersion: evm } : {}) };
      const input = standardInput({ [fileName]: b.source }, settings);
      if (!evm && input.settings) delete input.settings.evmVersion;
      const result = await verifyOnChain(ctx, {
        address,
        input,
        contractName: b.contractName,
        sourceText: b.source,
        sourceFormat: 'single',
        compilerVersion: b.compilerVersion,
        constructorArgs: b.constructorArguments,
        origin: 'verify',
      });
      return { status: true as const, result };
    },
  );

  app.post(
    patterns.readContract,
    {
      schema: {
        tags: ['Contract'],
        summary:
          'Call a view or pure function of a verified contract (eth_call at the latest block); arguments typed from the ABI, results decoded',
        body: ReadRequest,
        response: { 200: ANSWERS.readContract, 400: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.body.address.trim());
      const result = await readContract(ctx, address, req.body.function, req.body.args ?? [], req.body.asProxy === true);
      return { status: true as const, result };
    },
  );
};
