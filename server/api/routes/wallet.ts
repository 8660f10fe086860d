/**
 * The web wallet: token lists and history, adding a token, the raw-transaction relay the SPA
 * sends through (it signs in the browser), and the documented server-side signing calls for API
 * users (/createwallet, /send, /sendtoken: the key in the path as documented, or in a POST body;
 * used once, stored nowhere, logged nowhere: see server/auth/redact.ts).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Wallet } from 'ethers';
import { ErrorBody, PageParams } from '../../../common/api/base';
import { PrepareTxBody, RawTxBody, SendBody, SendTokenBody } from '../../../common/api/wallet';
import { legacySecretGate } from '../../auth/legacyRoutes';
import { SECRET_ROUTE_LOG_LEVEL, installRedactedErrors } from '../../auth/redact';
import { prepareForCaller, sendCoin, sendToken } from '../../wallet/send';
import { relayRawTransaction } from '../../wallet/transactions';
import { chainId as readChainId } from '../../chain/rpcActions';
import type { Api, ApiContext, RouteModule } from '../../core/context';
import { rubyAddress } from '../../core/format';
import { ApiError, notFound } from '../../core/http';
import { pageTotals, parseAddressParam, parseHashParam, parseShallowPage } from '../../core/params';
import { addWalletToken, indexedTxStatus, oneTokenTransfers, requireToken, tokenCatalogue, walletTokens } from '../../queries/wallet';
import { patterns } from '../../../common/api/paths';
import { ANSWERS } from '../../../common/api/answers';

export const TOKEN_ADDED = 'Token Add Successfully';
const Tags = ['Wallet'];
const AddressParam = Type.String({ description: 'r… or 0x…, any case' });

/** Routes whose path or body holds a key: own error handler, silent logging, no echo of a wrong path. */
function signingScope(app: Api, ctx: ApiContext): void {
  void app.register(async (scope) => {
    installRedactedErrors(scope, ctx.log);
    const api = scope.withTypeProvider<TypeBoxTypeProvider>();
    const opts = { logLevel: SECRET_ROUTE_LOG_LEVEL } as const;
    // send, sendToken and their in-path forms answer alike (ANSWERS gives each the same schema).
    const sendSchema = { tags: Tags, response: { 200: ANSWERS.send, 400: ErrorBody, 404: ErrorBody, 503: ErrorBody } };
    const inPathSchema = { ...sendSchema, response: { ...sendSchema.response, 410: ErrorBody } };

    api.get(
      patterns.createWallet,
      {
        ...opts,
        schema: {
          tags: Tags,
          summary: 'A new random key pair, made on the server and stored nowhere (prefer making keys in your own code)',
          response: { 200: ANSWERS.createWallet },
        },
      },
      async () => {
        const w = Wallet.createRandom();
        return { status: true, result: { address: rubyAddress(w.address), privateKey: w.privateKey } };
      },
    );

    api.get(
      patterns.sendInPath,
      {
        ...opts,
        onRequest: legacySecretGate(ctx.config, 'POST /api/send'),
        schema: {
          ...inPathSchema,
          summary: 'Send RUBY signed on the server (documented form; the POST keeps the key out of URLs)',
          params: Type.Object({ privateKey: Type.String(), recipient: AddressParam, amount: Type.String() }),
        },
      },
      async (req) => ({ status: true, result: await sendCoin(ctx, req.params) }),
    );

    api.post(
      patterns.send,
      { ...opts, schema: { ...sendSchema, summary: 'Send RUBY signed on the server with the key of the body', body: SendBody } },
      async (req) => ({ status: true, result: await sendCoin(ctx, req.body) }),
    );

    api.get(
      patterns.sendTokenInPath,
      {
        ...opts,
        onRequest: legacySecretGate(ctx.config, 'POST /api/sendtoken'),
        schema: {
          ...inPathSchema,
          summary: 'Send an RBC20 token signed on the server (documented form; result is the hash)',
          params: Type.Object({ privateKey: Type.String(), recipient: AddressParam, tokenContract: AddressParam, amount: Type.String() }),
        },
      },
      async (req) => ({ status: true, result: await sendToken(ctx, req.params) }),
    );

    api.post(
      patterns.sendToken,
      {
        ...opts,
        schema: { ...sendSchema, summary: 'Send an RBC20 token signed on the server with the key of the body', body: SendTokenBody },
      },
      async (req) => ({ status: true, result: await sendToken(ctx, req.body) }),
    );

    // A wrong number of segments must not answer "Unknown API route: GET /api/send/<the key>…".
    // The old client's GET /importwallet/{email}/{key} is not served (linking is a signed
    // challenge, POST /importwallet), and must not echo the key either.
    for (const prefix of [patterns.sendRest, patterns.sendTokenRest, patterns.registerRest, patterns.importWalletRest]) {
      scope.all(prefix, { ...opts, schema: { hide: true } }, async () => {
        throw notFound(`Unknown API route: ${prefix.slice(0, -2)} with the wrong parameters (see /api/openapi.json)`);
      });
    }
  });
}

export const walletRoutes: RouteModule = (app, ctx) => {
  signingScope(app, ctx);

  app.get(
    patterns.allTokens,
    {
      schema: {
        tags: Tags,
        summary: "The wallet's tokens: held ones and the ones added with /importtokenaddress",
        params: Type.Object({ address: AddressParam }),
        response: { 200: ANSWERS.allTokens, 400: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await walletTokens(ctx, parseAddressParam(req.params.address)) }),
  );

  app.get(
    patterns.oneTokenTx,
    {
      schema: {
        tags: Tags,
        summary: "One token's transfers from or to an address, newest first",
        params: Type.Object({ address: AddressParam, tokenContract: AddressParam, ...PageParams.properties }),
        response: { 200: ANSWERS.oneTokenTx, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const address = parseAddressParam(req.params.address);
      const page = parseShallowPage(req.params.page, req.params.size);
      const token = await requireToken(ctx, req.params.tokenContract);
      const { rows, total } = await oneTokenTransfers(ctx, token, address, page);
      return { status: true, result: rows, trx_length: total, ...pageTotals(total, page) };
    },
  );

  app.get(
    patterns.searchToken,
    {
      schema: {
        tags: Tags,
        summary: 'Every RBC20 token (name, address) for the wallet token search',
        response: { 200: ANSWERS.searchToken },
      },
    },
    async () => ({ status: true, result: await tokenCatalogue(ctx) }),
  );

  app.post(
    patterns.prepareTx,
    {
      schema: {
        tags: Tags,
        summary: 'Chain id, nonce, fees and gas limit for a transaction the caller signs itself',
        body: PrepareTxBody,
        response: { 200: ANSWERS.prepareTx, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await prepareForCaller(ctx, req.body) }),
  );

  app.post(
    patterns.sendRawTx,
    {
      schema: {
        tags: Tags,
        summary: 'Relay a signed transaction to the node (eth_sendRawTransaction); answers its hash',
        body: RawTxBody,
        response: { 200: ANSWERS.sendRawTx, 400: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await relayRawTransaction(ctx.rpc, req.body.rawTransaction.trim()) }),
  );

  app.get(
    patterns.chainId,
    {
      schema: {
        tags: Tags,
        summary: "The node's chain id, for payment requests other wallets read (EIP-681 ethereum:0x…@chainId)",
        response: { 200: ANSWERS.chainId, 503: ErrorBody },
      },
    },
    async () => ({ status: true, result: { chainId: await readChainId(ctx.rpc) } }),
  );

  app.get(
    patterns.txStatus,
    {
      schema: {
        tags: Tags,
        summary: 'Whether a transaction is indexed yet, and its status',
        params: Type.Object({ hash: Type.String() }),
        response: { 200: ANSWERS.txStatus, 400: ErrorBody },
      },
    },
    async (req) => ({ status: true, result: await indexedTxStatus(ctx, parseHashParam(req.params.hash)) }),
  );
};

/** Adding a token to the logged-in user's list; registered in the authenticated scope (routes/index.ts). */
export const walletAuthenticatedRoutes: RouteModule = (app, ctx) => {
  app.get(
    patterns.importToken,
    {
      schema: {
        tags: Tags,
        summary: "Add a token to the logged-in user's wallet list",
        params: Type.Object({ walletAddress: AddressParam, tokenAddress: AddressParam }),
        response: { 200: ANSWERS.importToken, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const wallet = parseAddressParam(req.params.walletAddress);
      if (req.user.walletAddress !== wallet) throw new ApiError(403, 'This wallet is not the one linked to your account');
      const token = await requireToken(ctx, req.params.tokenAddress);
      await addWalletToken(ctx.db, wallet, token.address);
      return { status: true, msg: TOKEN_ADDED };
    },
  );
};
