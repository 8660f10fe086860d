/**
 * An account's EIP-7702 delegation and its history, from the indexed
 * authorizations it signed (tx_authorizations, 023). No node call: the answer follows the index.
 */
import { Type } from '@sinclair/typebox';
import { ErrorBody } from '../../../common/api/base';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';
import type { RouteModule } from '../../core/context';
import { parseAddressParam } from '../../core/params';
import { addressDelegation, DELEGATION_HISTORY_LIMIT } from '../../queries/txModern';
import { AddressParam } from './addresses';

export const delegationRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.addressDelegation,
    {
      schema: {
        tags: ['Wallet'],
        summary: "An account's EIP-7702 delegation: the delegate its code points to, and its changes, newest first",
        description: `From the valid EIP-7702 authorizations the account signed (the indexed ones): delegate is the newest one's (null when that one cleared the delegation, or there is none); history lists the last ${DELEGATION_HISTORY_LIMIT} changes.`,
        params: Type.Object({ address: AddressParam }),
        response: { 200: ANSWERS.addressDelegation, 400: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await addressDelegation(ctx, parseAddressParam(req.params.address)) }),
  );
};
