/**
 * The /Api page's MCP section: the MCP server's URL at the API server's root, how to add it to a
 * client, every tool of the catalogue with its inputs, and /llms.txt; in Hindi, the prose and the
 * tools' words translated, tool and input names kept.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '../../../../common/api/mcpTools';
import { apiPaths } from '../../../../common/api/paths';
import { McpSection } from '../../../../src/features/docs/McpSection';
import { setLocale } from '../../../../src/lib/i18n/locale';
import { renderWithProviders } from '../../utils/renderWithProviders';
import { leftoverEnglish } from '../../../e2e/hindiCheck';

afterEach(async () => setLocale('en'));

describe('MCP section of /Api', () => {
  it('gives the URL at the API origin, the client commands, every tool with its inputs, and /llms.txt', () => {
    renderWithProviders(<McpSection baseUrl="https://explorer.example/api" />);
    const url = `https://explorer.example${apiPaths.mcp()}`;
    expect(screen.getByTestId('mcp-url')).toHaveTextContent(url);
    expect(document.body).toHaveTextContent(`claude mcp add --transport http ruby-explorer ${url}`);
    expect(document.body).toHaveTextContent('npx @modelcontextprotocol/inspector');
    for (const tool of MCP_TOOLS) {
      const inputs = screen.getByRole('list', { name: `Inputs: ${tool.title}` });
      expect(
        within(inputs)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('code')?.textContent),
      ).toEqual(tool.inputs.map((i) => i.name));
      expect(document.body).toHaveTextContent(tool.description);
    }
    expect(screen.getByRole('link', { name: `https://explorer.example${apiPaths.llmsTxt()}` })).toBeInTheDocument();
  });

  it('reads in Hindi, tool and input names kept', async () => {
    await setLocale('hi');
    renderWithProviders(<McpSection baseUrl="https://explorer.example/api" />);
    expect(screen.getByRole('heading', { name: 'AI एजेंटों के लिए MCP सर्वर' })).toBeInTheDocument();
    const inputs = screen.getByRole('list', { name: 'इनपुट: एक ब्लॉक पाएँ' });
    expect(inputs).toHaveTextContent('block (string) आवश्यक: ब्लॉक संख्या (दशमलव) या 0x ब्लॉक हैश');
    expect(document.body).toHaveTextContent('एक ब्लॉक पाएँ');
    // The Hindi route walk's check (tests/e2e/hindiCheck.ts): no English outside code and marked terms.
    const section = screen.getByRole('region', { name: 'AI एजेंटों के लिए MCP सर्वर' });
    const skip = (el: Element | null) => !!el?.closest('code, pre, [lang="en"], [translate="no"], [aria-hidden="true"]');
    const texts: string[] = [];
    const walker = document.createTreeWalker(section, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!skip(n.parentElement)) texts.push(n.textContent ?? '');
    for (const el of section.querySelectorAll('[aria-label], [title], [placeholder]'))
      if (!skip(el)) for (const a of ['aria-label', 'title', 'placeholder']) texts.push(el.getAttribute(a) ?? '');
    expect(leftoverEnglish(texts)).toEqual([]);
  });
});
