/**
 * POST /deploy (docs/decisions.md#spec-calls): a multipart form with solFile, contractName, privatekey and
 * contractType (RBC20 or DApp, any case). Compiles in the compiler worker, checks the contract,
 * deploys it with the given key, waits for the receipt, records the source as verified and
 * answers the r… address. Kept for API users; the Deploy page compiles with POST /compileContract
 * (deployCompile.ts) and signs in the browser, so its key never reaches the server.
 *
 * The private key lives only in this request's local variables: it is never stored, never put in
 * an error message, and the API logs only method and URL (never bodies).
 */
import { ErrorBody } from '../../../common/api/base';
import { DEPLOY_FIELDS } from '../../../common/api/deployConstants';
import { DEFAULT_SETTINGS } from '../../chain/compile';
import type { RouteModule } from '../../core/context';
import { compileUpload, readDeployForm, registerDeployMultipart } from '../../services/deployCompile';
import { deployArtifact } from '../../services/verifiedDeploy';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { gateHook, workGate } from '../workGate';

export const deployRoutes: RouteModule = (app, ctx) => {
  // Encapsulated: multipart parsing exists for this route only.
  void app.register(async (sub) => {
    await registerDeployMultipart(sub);
    sub.post(
      patterns.deploy,
      {
        onRequest: gateHook(workGate(ctx, 'compile'), ctx.config.rateLimit.exemptLoopback),
        schema: {
          tags: ['Contract'],
          summary: `Compile a .sol file and deploy it as an RBC20 token or a DApp (multipart: ${Object.values(DEPLOY_FIELDS).join(', ')}); the source is recorded as verified`,
          consumes: ['multipart/form-data'],
          response: { 200: ANSWERS.deploy, 400: ErrorBody, 413: ErrorBody, 422: ErrorBody, 429: ErrorBody, 503: ErrorBody, 504: ErrorBody },
        },
      },
      async (req) => {
        const form = await readDeployForm(req);
        const c = await compileUpload(form, true);
        const key = (form.fields.get(DEPLOY_FIELDS.key.toLowerCase()) ?? '').trim();
        form.fields.delete(DEPLOY_FIELDS.key.toLowerCase());
        const deployed = await deployArtifact(ctx, { artifact: c.artifact, args: c.args, privateKey: key });
        await deployed.record({
          contractName: c.name,
          source: c.source,
          compilerVersion: c.compilerVersion,
          compilerSettings: { ...DEFAULT_SETTINGS, fileName: c.fileName },
          declaredType: c.type,
        });
        return {
          status: true as const,
          contractAddress: deployed.contractAddress,
          transactionHash: deployed.transactionHash,
          blockNumber: deployed.blockNumber,
          contractName: c.name,
          contractType: c.type,
          constructorArguments: c.args.map(String),
          verified: true as const,
        };
      },
    );
  });
};
