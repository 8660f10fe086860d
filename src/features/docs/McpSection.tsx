/**
 * The /Api page's MCP section: the MCP server's URL, how to add it to a client, every tool with
 * its inputs (common/api/mcpTools.ts, what the server lists), and /llms.txt.
 */
import { MCP_SERVER_NAME, MCP_TOOLS } from '../../../common/api/mcpTools';
import { API_PREFIX, apiPaths } from '../../../common/api/paths';
import { CodeBlock } from '../../ui/CodeBlock';
import { mixedText } from '../../ui/MixedText';
import { MCP_TEXTS as T } from './mcpTexts';

/** The API server's origin from the API's base URL (…/api): /mcp and /llms.txt are at its root. */
export function apiOrigin(baseUrl: string): string {
  return baseUrl.endsWith(API_PREFIX) ? baseUrl.slice(0, -API_PREFIX.length) : baseUrl;
}

export function McpSection({ baseUrl }: { baseUrl: string }) {
  const origin = apiOrigin(baseUrl);
  const url = `${origin}${apiPaths.mcp()}`;
  const config = JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { type: 'http', url } } }, null, 2);
  return (
    <section className="panel api-mcp" aria-labelledby="api-mcp-title">
      <h2 id="api-mcp-title">{T.title}</h2>
      <p>{mixedText(T.intro)}</p>
      <p>
        {mixedText(T.endpoint)}{' '}
        <code translate="no" data-testid="mcp-url">
          {url}
        </code>
      </p>
      <p>{mixedText(T.clientsIntro)}</p>
      <CodeBlock
        label={T.clientsLabel}
        language="shell"
        code={`npx @modelcontextprotocol/inspector\nclaude mcp add --transport http ${MCP_SERVER_NAME} ${url}\n\n${config}`}
      />
      <h3>{T.toolsTitle}</h3>
      <dl className="api-mcp__tools">
        {MCP_TOOLS.map((tool) => {
          const texts = T.tools[tool.name];
          const title = texts?.title ?? tool.title;
          return (
            <div key={tool.name} className="api-mcp__tool">
              <dt>
                <code translate="no">{tool.name}</code> {title}
              </dt>
              <dd>
                <p>{mixedText(texts?.description ?? tool.description)}</p>
                <ul className="api-mcp__inputs" aria-label={`${T.inputs}: ${title}`}>
                  {tool.inputs.map((input) => (
                    <li key={input.name}>
                      <code translate="no">{input.name}</code> <span translate="no">({input.type})</span>{' '}
                      {input.required ? T.required : T.optional}: {mixedText(texts?.inputs[input.name] ?? input.description)}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          );
        })}
      </dl>
      <p>
        {mixedText(T.llmsTxt)}{' '}
        <a href={`${origin}${apiPaths.llmsTxt()}`}>
          <code translate="no">{`${origin}${apiPaths.llmsTxt()}`}</code>
        </a>
      </p>
    </section>
  );
}
