/** GET /verify/options: the Verify & Publish page's choices (common/api/verifyOptions.ts). */
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { EVM_VERSION_NAMES } from '../../../common/evmVersions';
import { chainId as readChainId } from '../../chain/rpcActions';
import { compilerChoices } from '../../verify/compilerList';
import type { RouteModule } from '../../core/context';

export const verifyOptionsRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.verifyOptions,
    {
      schema: {
        tags: ['Contract'],
        summary:
          'What the Verify & Publish page offers: the chain id for Sourcify’s v2 API, the solc releases (bundled, cached, listed) and the EVM versions',
        response: { 200: ANSWERS.verifyOptions, 503: ErrorBody },
      },
    },
    async () => {
      const [chainId, choices] = await Promise.all([readChainId(ctx.rpc), compilerChoices(ctx.config)]);
      return { status: true, result: { chainId: chainId.toString(), ...choices, evmVersions: [...EVM_VERSION_NAMES] } };
    },
  );
};
