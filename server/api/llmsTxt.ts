/**
 * GET /llms.txt (the llms.txt convention, llmstxt.org): what the explorer serves to programs and
 * how, in markdown, for a language model or an agent that lands on the site. Written per request
 * with the origin the request came to (behind nginx, its Host and X-Forwarded-Proto), so every
 * link is absolute; the MCP tools are listed from their catalogue (common/api/mcpTools.ts).
 */
import type { FastifyRequest } from 'fastify';
import { MCP_TOOLS } from '../../common/api/mcpTools';
import { API_PREFIX, apiPaths, openApiPaths, patterns } from '../../common/api/paths';
import { ROUTES as PAGES } from '../../common/spec';
import type { Config } from '../config';
import type { Api } from '../core/context';

function toolLine(t: (typeof MCP_TOOLS)[number]): string {
  const inputs = t.inputs.map((i) => `${i.name}${i.required ? '' : '?'}: ${i.type}`).join(', ');
  return `- \`${t.name}\` (${inputs}): ${t.description}`;
}

/** The text, for an explorer reached at `origin` (scheme://host[:port]). */
export function llmsTxt(origin: string, config: Config): string {
  const limits = config.rateLimit;
  // Blockscout's REST API v2 lives under /api/v2/ (the Etherscan V2 form is /api/v2/api).
  const blockscoutBase = apiPaths.etherscanV2().replace(/api$/, '');
  // Sourcify's base URL, as forge takes it: /api/sourcify/.
  const sourcifyBase = openApiPaths.sourcifyContract.slice(0, openApiPaths.sourcifyContract.indexOf('v2/'));
  return [
    '# Ruby Explorer',
    '',
    `> Block explorer and web wallet of the Ruby chain, an EVM chain (chain id ${config.chainId}) whose addresses read r… (r + 40 hex digits; 0x… is accepted wherever an address is taken). Programs and agents read its indexed blocks, transactions, addresses, tokens, contracts and event logs over the interfaces below. No key is needed: without one, requests share a limit of ${limits.anonymousMax} per ${limits.windowSeconds} s per IP address; an API key (header x-api-key) gets ${limits.apiKeyMax}.`,
    '',
    'Coin amounts are RUBY numbers with an exact wei string beside them (balance and balanceWei); hashes are 0x…; errors are answered in plain words with a 4xx status.',
    '',
    '## MCP server (for agents)',
    '',
    `- [MCP endpoint](${origin}${apiPaths.mcp()}): the Model Context Protocol over streamable HTTP, stateless (every message is a POST; no session). Add it to an MCP client as a remote HTTP server, e.g. \`npx @modelcontextprotocol/inspector\` with transport "Streamable HTTP" and this URL, or \`claude mcp add --transport http ruby-explorer ${origin}${apiPaths.mcp()}\`. Long lists are paged (page, size; paging.hasMore). Send an API key as the x-api-key header for the higher limit.`,
    '',
    'Tools (inputs; ? = optional):',
    '',
    ...MCP_TOOLS.map(toolLine),
    '',
    '## HTTP APIs',
    '',
    `- [REST API, OpenAPI 3 document](${origin}${apiPaths.openapi()}): the explorer's own JSON API under ${origin}${API_PREFIX}, every route described (blocks, transactions with summaries, state changes and call trees, addresses, tokens, NFTs, contracts, logs, charts, gas tracker).`,
    `- [Etherscan-compatible API](${origin}${apiPaths.etherscan({ module: 'account', action: 'balance', address: 'r…' })}): module/action queries (account, contract, transaction, block, logs, proxy, stats, token) and contract verification, at ${origin}${API_PREFIX} and in Etherscan's V2 form at ${origin}${apiPaths.etherscanV2({ chainid: config.chainId })}; for Hardhat and Foundry verify, ethers' EtherscanProvider, cast.`,
    `- [Sourcify v2 API](${origin}${openApiPaths.sourcifyContract}): verification and verified contracts in Sourcify's shapes (forge verify-contract --verifier sourcify --verifier-url ${origin}${sourcifyBase}).`,
    `- [Blockscout REST API v2](${origin}${blockscoutBase}stats): Blockscout's shapes and next_page_params paging (blocks, transactions, addresses, tokens, smart contracts, search) under ${origin}${blockscoutBase}, for Blockscout's SDKs and widgets and whatsabi's BlockscoutABILoader.`,
    '',
    '## Documentation',
    '',
    `- [API documentation](${origin}${PAGES.api}): every REST operation with examples, the Etherscan-compatible API, verification, the MCP tools.`,
    '',
  ].join('\n');
}

/** The origin a request came to (scheme from the proxy when TRUST_PROXY trusts it). */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

export function installLlmsTxt(app: Api, config: Config): void {
  app.get(patterns.llmsTxt, { schema: { hide: true } }, async (req, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/markdown; charset=utf-8')
      .send(llmsTxt(originOf(req), config)),
  );
}
