/**
 * The /Api page's MCP section: its prose, and each tool's title, description and inputs in the
 * SPA's languages. The English is the tool catalogue's (common/api/mcpTools.ts), the words the
 * MCP server itself gives its clients.
 */
import { MCP_TOOLS } from '../../../common/api/mcpTools';
import { defineTexts } from '../../lib/i18n';

interface ToolTexts {
  title: string;
  description: string;
  inputs: Record<string, string>;
}

const toolSources: Record<string, ToolTexts> = Object.fromEntries(
  MCP_TOOLS.map((t) => [
    t.name,
    { title: t.title, description: t.description, inputs: Object.fromEntries(t.inputs.map((i) => [i.name, i.description])) },
  ]),
);

export const MCP_TEXTS = defineTexts('docs.mcp', {
  title: 'MCP server for AI agents',
  intro:
    'AI assistants and agents can read this explorer over the Model Context Protocol (MCP). The MCP server below speaks the streamable HTTP transport and is stateless: every message is a POST, no session is kept. The rate limits and API keys of the REST API apply to it (send a key as the x-api-key header).',
  endpoint: 'MCP server URL:',
  clientsLabel: 'Adding the MCP server to a client',
  clientsIntro:
    'Any MCP client that supports remote servers over streamable HTTP works: the MCP Inspector (transport "Streamable HTTP"), Claude Code, or a client configured with a JSON file such as Claude Desktop, Cursor or VS Code.',
  toolsTitle: 'Tools',
  inputs: 'Inputs',
  required: 'required',
  optional: 'optional',
  llmsTxt: 'A summary of everything the explorer serves to programs, for language models (the llms.txt convention):',
  tools: toolSources,
} as const);
