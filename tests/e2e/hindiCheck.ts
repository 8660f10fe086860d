/**
 * The check for English left on a Hindi page (issue #21), shared by the Hindi route walk
 * (routesHindi.test.ts) and the Hindi flows: the Latin words in a region's visible text and its
 * placeholder, aria-label, title and alt attributes, apart from hashes (0x…), addresses (r…),
 * numbers, all-capital token symbols, file names, code/pre, the Latin brand words (LATIN_WORDS) and elements
 * marked `lang="en"`, `translate="no"` or `aria-hidden="true"`.
 */
import type { Page } from 'playwright-core';

/** Latin words a Hindi page keeps (the guide's list: brands, formats, units; tool and key names). */
export const LATIN_WORDS: readonly string[] = [
  'Ruby',
  'Explorer',
  'RUBY',
  'RBC20',
  'DApp',
  'API',
  'JSON',
  'CSV',
  'QR',
  'URL',
  'Solidity',
  'Etherscan',
  'MetaMask',
  'Otterscan',
  'Android',
  'Gwei',
  'Wei',
  'UTC',
  'rubyWeb3',
  'RVM',
  'NFT',
  'NFTs',
  'Ctrl',
  'ABI',
  'ERC',
  'EVM',
  'Web3',
  // tools and standards named as they are (the API and verify pages, the privacy policy)
  'Foundry',
  'Sourcify',
  'Hardhat',
  'OpenAPI',
  'TypeScript',
  'solc',
  'scrypt',
  'prestateTracer',
  'Blockscout',
  'whatsabi',
  // a key's name on the keyboard, as Ctrl
  'Enter',
  'Space',
];

/** What counts as English left over in these texts (each word once, in order of appearance). */
export function leftoverEnglish(texts: readonly string[]): string[] {
  const allowed = new Set(LATIN_WORDS.map((w) => w.toLowerCase()));
  const found = new Set<string>();
  for (const text of texts) {
    const cleaned = text
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\S*(…|\.\.\.)\S*/g, ' ') // shortened hashes and addresses (0x12ab…cd34, rA7f…9e)
      .replace(/\S*\.(?:ts|js|json|sol|csv)\b\S*/g, ' ') // file names (connect.ts, GoldToken.sol): code
      .replace(/\S*[A-Za-z]\S*\d\S*|\S*\d\S*[A-Za-z]\S*/g, ' '); // hashes, addresses, hex: letters mixed with digits
    for (const word of cleaned.match(/[A-Za-z][A-Za-z'’-]*[A-Za-z]/g) ?? []) {
      if (allowed.has(word.toLowerCase())) continue;
      if (/^[A-Z0-9]+$/.test(word)) continue; // token symbols (RUSD, RBT)
      found.add(word);
    }
  }
  return [...found];
}

/**
 * The English left in the first element matching `selector` ('main' for a route, '[role="dialog"]'
 * for a dialog): its visible text nodes and its elements' placeholder, aria-label, title and alt.
 */
export async function englishIn(page: Page, selector: string): Promise<string[]> {
  const texts = await page
    .locator(selector)
    .first()
    .evaluate((root) => {
      const out: string[] = [];
      const skip = (el: Element | null): boolean =>
        !!el?.closest('code, pre, script, style, [lang="en"], [translate="no"], [aria-hidden="true"]');
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const parent = n.parentElement;
        if (!parent || skip(parent) || !parent.checkVisibility()) continue;
        out.push(n.textContent ?? '');
      }
      const attributed = [root, ...root.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')];
      for (const el of attributed) {
        if (skip(el)) continue;
        for (const a of ['placeholder', 'aria-label', 'title', 'alt']) {
          const v = el.getAttribute(a);
          if (v) out.push(v);
        }
      }
      return out;
    });
  return leftoverEnglish(texts);
}
