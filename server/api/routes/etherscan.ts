/**
 * The Etherscan-style API at /api?module=…&action=… (GET or POST, form or JSON, fields in the
 * query or the body), and Etherscan V2's form at /api/v2/api?chainid=…&module=…, so tools that
 * speak Etherscan (ethers' EtherscanProvider, Foundry, Hardhat, tax and portfolio tools) can point
 * at this explorer. One module per Etherscan module in server/api/etherscan/; this file parses,
 * dispatches and answers.
 *
 * Answers are Etherscan's: HTTP 200 `{ status: "1" | "0", message, result }`, errors included
 * (bad input, unknown module or action, the rate limit as "Max rate limit reached"), except the
 * proxy module's JSON-RPC envelopes. /api without a `module` stays the API's unknown-route 404.
 * A database or node outage is still the API's 503.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { chainId } from '../../chain/rpcActions';
import type { ApiContext, RouteModule } from '../../core/context';
import { unknownRoute } from '../../core/http';
import { accountActions } from '../etherscan/account';
import { etherscanPostLimits } from '../etherscan/bodyKey';
import { ES_ERRORS, EtherscanError, notOk, paramsOf, RawJson, type ActionTable } from '../etherscan/common';
import { contractActions } from '../etherscan/contract';
import { logsActions } from '../etherscan/logs';
import { proxyActions } from '../etherscan/proxy';
import { statsActions, tokenActions } from '../etherscan/token';
import { blockActions, transactionActions } from '../etherscan/transaction';
import { patterns } from '../../../common/api/paths';

/** Standard JSON inputs with OpenZeppelin sources run to a few hundred KB. */
const BODY_LIMIT = 8 * 1024 * 1024;

/** Module name → its actions (both lower-case: Etherscan's names are matched case-insensitively). */
const MODULES: Readonly<Record<string, ActionTable>> = {
  account: accountActions,
  contract: contractActions,
  transaction: transactionActions,
  block: blockActions,
  logs: logsActions,
  token: tokenActions,
  stats: statsActions,
  proxy: proxyActions,
};

const text = (description: string) => Type.Optional(Type.String({ description }));
/** Etherscan's parameters as the /Api page lists them (every module's actions named in `action`). */
const QUERY_DOC = Type.Object(
  {
    module: Type.Optional(Type.String({ enum: Object.keys(MODULES), description: 'the module' })),
    action: Type.Optional(
      Type.String({
        description: Object.entries(MODULES)
          .map(([m, actions]) => `${m}: ${Object.keys(actions).join(', ')}`)
          .join('; '),
      }),
    ),
    address: text('an address, r… or 0x… (account, logs, getabi, getsourcecode, eth_getCode …)'),
    contractaddress: text('a token or contract address (tokentx, tokenbalance, tokensupply, tokeninfo …)'),
    txhash: text('a transaction hash (getstatus, gettxreceiptstatus, eth_getTransactionByHash …)'),
    blockno: text(
      'a block number (getblockreward, getblockcountdown; balancehistory, tokenbalancehistory, tokenholderlist, tokenholdercount)',
    ),
    startblock: text('first block of a list'),
    endblock: text('last block of a list'),
    page: text('page of a list, from 1'),
    offset: text('rows per page (page × offset ≤ 10,000)'),
    sort: text('asc or desc'),
    fromBlock: text('getLogs: first block'),
    toBlock: text('getLogs: last block, or latest'),
    topic0: text('getLogs: topic 0 (topic1-3 and topic0_1_opr … likewise)'),
    tag: text('proxy: a block tag or number (latest, 0x…)'),
  },
  { additionalProperties: true },
);

/** The node's chain id, asked once per API (V2 callers name it in every request). */
const chainIds = new WeakMap<ApiContext, Promise<bigint>>();
function chainIdOf(ctx: ApiContext): Promise<bigint> {
  let id = chainIds.get(ctx);
  if (!id) {
    id = chainId(ctx.rpc).then(BigInt);
    id.catch(() => chainIds.delete(ctx)); // a node outage must not stick
    chainIds.set(ctx, id);
  }
  return id;
}

async function handle(ctx: ApiContext, req: FastifyRequest, reply: FastifyReply, v2: boolean) {
  const p = paramsOf(req);
  if (v2) {
    const asked = (p.chainid ?? '').trim();
    if (!/^\d{1,20}$/.test(asked) || BigInt(asked) !== (await chainIdOf(ctx))) return notOk(ES_ERRORS.chainId);
  } else if (p.module === undefined) {
    return reply.code(404).send(unknownRoute(req.method, req.url));
  }
  const mod = (p.module ?? '').trim().toLowerCase();
  const actions = Object.hasOwn(MODULES, mod) ? MODULES[mod] : undefined;
  if (!actions) return notOk(ES_ERRORS.module);
  const action = (p.action ?? '').trim().toLowerCase();
  const run = Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!run) return notOk(ES_ERRORS.action);
  try {
    const answer = await run(ctx, p, req);
    return answer instanceof RawJson ? reply.type('application/json; charset=utf-8').send(answer.text) : answer;
  } catch (err) {
    if (err instanceof EtherscanError) return notOk(err.message);
    throw err;
  }
}

export const etherscanRoutes: RouteModule = (app, ctx) => {
  // Encapsulated: the form body parser and the error answers serve these routes only.
  void app.register(async (sub) => {
    sub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    });
    // Errors before or around the handler (rate limit, body too large, malformed body) in
    // Etherscan's shape; a backend outage or a bug goes on to the API's own handler (503 / 500).
    sub.setErrorHandler((err: FastifyError, _req, reply) => {
      const code = err.statusCode ?? 500;
      if (code === 429) return reply.code(200).send(notOk(ES_ERRORS.rateLimit));
      if (code >= 400 && code < 500) return reply.code(200).send(notOk(err.message));
      throw err;
    });
    const schema = {
      // The /Api page files it under Contract (src/features/docs/openapi.ts knows five sections).
      tags: ['Contract'],
      summary: 'Etherscan-compatible API: module=account | contract | transaction | block | logs | token | stats | proxy, with action=…',
      description:
        'Etherscan\'s module/action API with its answer shapes (status "1"/"0", message, result; numbers as strings, addresses as lower-case 0x). ' +
        'Also at /api/v2/api with chainid= (Etherscan V2). Actions: account balance, balancemulti, txlist, txlistinternal, tokentx, tokennfttx, tokenbalance, getminedblocks, ' +
        'balancehistory, tokenbalancehistory (blockno: balances at any indexed block), addresstokenbalance, addresstokennftbalance, addresstokennftinventory; ' +
        'contract getabi, getsourcecode, verifysourcecode (POST), checkverifystatus, getcontractcreation; transaction getstatus, gettxreceiptstatus; ' +
        'block getblockreward, getblocknobytime, getblockcountdown; logs getLogs; token tokensupply, tokeninfo, tokenholderlist, tokenholdercount (optional blockno: the holders at that block); stats ethsupply, ethprice, tokensupply; ' +
        'proxy eth_blockNumber, eth_getBlockByNumber, eth_getTransactionByHash, eth_getTransactionReceipt, eth_call, eth_getCode, eth_getStorageAt, eth_gasPrice, ' +
        'eth_estimateGas, eth_getTransactionCount, eth_sendRawTransaction. Lists take page, offset (page × offset ≤ 10,000), sort, startblock, endblock.',
    };
    const hidden = { ...schema, hide: true };
    // The parameters, for the OpenAPI document and the /Api page only: the handler reads them
    // itself (paramsOf, repeated names and any case allowed), so validation never refuses a call.
    const documented = { ...schema, querystring: QUERY_DOC };
    const docOnly = { attachValidation: true } as const;
    // POST: an apikey in the body counts like one in the query (etherscan/bodyKey.ts).
    const post = { bodyLimit: BODY_LIMIT, config: { rateLimit: false as const }, ...etherscanPostLimits(sub, ctx) };
    sub.get(patterns.etherscan, { schema: documented, ...docOnly }, (req, reply) => handle(ctx, req, reply, false));
    sub.post(patterns.etherscan, { schema: documented, ...docOnly, ...post }, (req, reply) => handle(ctx, req, reply, false));
    sub.get(patterns.etherscanV2, { schema: hidden }, (req, reply) => handle(ctx, req, reply, true));
    sub.post(patterns.etherscanV2, { schema: hidden, ...post }, (req, reply) => handle(ctx, req, reply, true));
  });
};
