/** The estimate before a contract write: gas, or the revert data the browser decodes (server/wallet/estimate.ts). */
import { ErrorBody } from '../../../common/api/base';
import { EstimateCallBody } from '../../../common/api/contractWrite';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import { estimateCall } from '../../wallet/estimate';
import type { RouteModule } from '../../core/context';

const Tags = ['Wallet'];

export const contractWriteRoutes: RouteModule = (app, ctx) => {
  app.post(
    patterns.estimateCall,
    {
      schema: {
        tags: Tags,
        summary: 'Gas estimate of a contract call from a signer; a reverting call answers its revert data instead',
        body: EstimateCallBody,
        response: { 200: ANSWERS.estimateCall, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await estimateCall(ctx, req.body) }),
  );
};
