/** The Gas Tracker: low / average / high fees from the chain's recent blocks, the base fee per hour. */
import { ErrorBody } from '../../../common/api/base';
import { GAS_SAMPLE_BLOCKS } from '../../../common/api/gasTracker';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { gasTracker } from '../../queries/gasTracker';

export const gasTrackerRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.gasTracker,
    {
      schema: {
        tags: ['Block'],
        summary: 'Gas Tracker: the base fee and the priority fees paid lately (25th / 50th / 75th percentile), the base fee per hour',
        description: `Priority fee = effective gas price − the block's base fee, over the transactions of the newest ${GAS_SAMPLE_BLOCKS} indexed blocks. gasPriceWei = base fee + priority fee; transferFeeWei = gasPriceWei × 21,000. hourly: the 24 hours before the newest block.`,
        response: { 200: ANSWERS.gasTracker, 503: ErrorBody },
      },
    },
    async () => ({ status: true, result: await gasTracker(ctx) }),
  );
};
