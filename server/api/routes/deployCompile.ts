/**
 * POST /compileContract: the Deploy page's compile step. The same multipart form as POST /deploy
 * without the key (solFile, contractName, contractType), the same limits, checks and error texts
 * (server/services/deployCompile.ts); answers what the browser needs to build, sign and send the creation
 * transaction itself, and what it sends to POST /verifyContract once mined (docs/decisions.md).
 */
import { ErrorBody } from '../../../common/api/base';
import { DEPLOY_FIELDS } from '../../../common/api/deployConstants';
import { DEFAULT_SETTINGS } from '../../chain/compile';
import type { RouteModule } from '../../core/context';
import { compileUpload, readDeployForm, registerDeployMultipart } from '../../services/deployCompile';
import { etherscanVersion } from '../../queries/verified';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { gateHook, workGate } from '../workGate';

export const deployCompileRoutes: RouteModule = (app, ctx) => {
  // Encapsulated: multipart parsing exists for this route only.
  void app.register(async (sub) => {
    await registerDeployMultipart(sub);
    sub.post(
      patterns.compileContract,
      {
        onRequest: gateHook(workGate(ctx, 'compile'), ctx.config.rateLimit.exemptLoopback),
        schema: {
          tags: ['Contract'],
          summary: `Compile a .sol file for a deployment you sign yourself (multipart: ${DEPLOY_FIELDS.file}, ${DEPLOY_FIELDS.name}, ${DEPLOY_FIELDS.type}; no key): the ABI, creation code and constructor arguments, with the checks of /deploy (an RBC20 must implement ERC20)`,
          consumes: ['multipart/form-data'],
          response: { 200: ANSWERS.compileContract, 400: ErrorBody, 413: ErrorBody, 422: ErrorBody, 429: ErrorBody, 503: ErrorBody },
        },
      },
      async (req) => {
        const form = await readDeployForm(req);
        // A key sent here anyway is dropped unread: this route never signs.
        form.fields.delete(DEPLOY_FIELDS.key.toLowerCase());
        const c = await compileUpload(form, false);
        return {
          status: true as const,
          contractName: c.name,
          contractType: c.type,
          fileName: c.fileName,
          abi: c.artifact.abi as unknown[],
          bytecode: c.artifact.bytecode,
          constructorArguments: c.args.map(String),
          encodedConstructorArguments: c.encodedArgs,
          compilerVersion: etherscanVersion(c.compilerVersion),
          compilerSettings: { optimizer: DEFAULT_SETTINGS.optimizer, evmVersion: DEFAULT_SETTINGS.evmVersion },
        };
      },
    );
  });
};
