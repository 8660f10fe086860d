/**
 * The MCP server at /mcp: the Model Context Protocol's streamable HTTP transport, from the
 * official TypeScript SDK, stateless (docs/decisions.md, "MCP server: stateless"). Every POST
 * builds a fresh server and transport, answers its JSON-RPC messages as one JSON body
 * (enableJsonResponse: no stream is kept open) and drops them; any replica can answer any
 * request, with no session to find. GET (a stream for server-initiated messages) and DELETE (end
 * a session) have nothing to serve: 405, as the transport's specification allows.
 *
 * It runs inside Fastify, not beside it: the web-standard transport takes a Request built from
 * Fastify's (its body already parsed) and gives back a Response that Fastify sends, so the API's
 * security headers, compression, API keys and rate limits apply as to any /api route (one budget
 * with the REST API: one /mcp request counts as one request, so a batch of several messages is
 * refused). Errors before the transport (a body that is not JSON, an unknown key, a rate limit)
 * answer a JSON-RPC error body with the HTTP status, as the transport's own refusals do.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { MCP_SERVER_NAME } from '../../../common/api/mcpTools';
import { patterns } from '../../../common/api/paths';
import { PRODUCT_VERSION } from '../../metrics';
import type { Api, ApiContext } from '../../core/context';
import { ApiError } from '../../core/http';
import { callerOf } from '../workGate';
import { accountTools } from './accountTools';
import { chainTools } from './chainTools';
import { contractTools } from './contractTools';
import type { ToolScope } from './toolkit';

const INSTRUCTIONS =
  'Ruby Explorer: blocks, transactions, addresses, tokens, contracts and event logs of the Ruby chain (an EVM chain), as the explorer indexes them. ' +
  'Addresses are answered as r… (r + 40 hex digits; 0x… is accepted everywhere); hashes are 0x…. Coin amounts are RUBY numbers with an exact wei string beside them (balance and balanceWei). ' +
  'Long lists come one page at a time (page from 1, size): read paging.hasMore. A tool error (isError) says in words what was wrong with the input.';

/** The MCP server of one request, with every tool. */
export function mcpServer(scope: ToolScope): McpServer {
  const server = new McpServer({ name: MCP_SERVER_NAME, version: PRODUCT_VERSION }, { instructions: INSTRUCTIONS });
  for (const tools of [chainTools, accountTools, contractTools]) tools(server, scope);
  return server;
}

/** A JSON-RPC error body (id null: the request it answers may not have been read). */
export const rpcError = (code: number, message: string) => ({ jsonrpc: '2.0' as const, error: { code, message }, id: null });

/** The web-standard Request of a Fastify request (the body is passed apart, already parsed). */
function webRequest(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(`http://localhost${req.url}`, { method: req.method, headers });
}

/** Registers /mcp on the rate-limited scope (apiKeys.ts installApiAccess has run on it). */
export async function installMcp(app: Api, ctx: ApiContext): Promise<void> {
  await app.register(async (mcp) => {
    mcp.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err instanceof ApiError) return reply.code(err.statusCode).send(rpcError(-32000, err.message));
      const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
      if (status < 500) {
        // Fastify's body parser: not JSON (-32700, Parse error), or no JSON body at all.
        const parse = err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY';
        return reply.code(status).send(rpcError(parse ? -32700 : -32600, `${parse ? 'Parse error' : 'Invalid request'}: ${err.message}`));
      }
      ctx.log(`mcp: request failed: ${err.stack ?? err.message}`);
      return reply.code(500).send(rpcError(-32603, 'Internal error'));
    });

    const schema = { hide: true };
    mcp.post(patterns.mcp, { schema }, async (req, reply) => {
      // A JSON-RPC batch would be many tool calls for one request of the rate limit (protocol
      // 2025-06-18 has no batches; older clients send one message per POST too).
      if (Array.isArray(req.body) && req.body.length > 1)
        return reply.code(400).send(rpcError(-32600, 'Invalid request: send one JSON-RPC message per POST (batches are not accepted)'));
      const server = mcpServer({ ctx, caller: callerOf(req, ctx.config.rateLimit.exemptLoopback) });
      const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      try {
        await server.connect(transport);
        const res = await transport.handleRequest(webRequest(req), { parsedBody: req.body });
        const body = await res.text();
        reply.code(res.status);
        res.headers.forEach((value, name) => {
          if (name !== 'content-length') void reply.header(name, value);
        });
        // JSON-RPC answers are never kept by a cache: a tool reads the chain's latest state.
        void reply.header('cache-control', 'no-store');
        return reply.send(body === '' ? undefined : body);
      } finally {
        await server.close();
      }
    });
    const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) =>
      reply
        .code(405)
        .header('allow', 'POST')
        .send(rpcError(-32000, 'Method not allowed: this MCP server is stateless; send every message as a POST'));
    mcp.get(patterns.mcp, { schema }, notAllowed);
    mcp.delete(patterns.mcp, { schema }, notAllowed);
  });
}
