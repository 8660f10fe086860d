/**
 * The issue #38 contract for links from outside and for what does not exist, checked against the
 * shipped product (tests/shipped/asShipped.test.ts):
 * - EIP-3091 wallet links: `/tx/{hash}` shows the transaction's page, `/token/{0x…}` the token's,
 *   `/address/{0x…}#code` the contract's source, and Sourcify's `/api/sourcify/repo-ui/{chainId}/{0x…}`
 *   (the link Hardhat prints after a Sourcify verification) is not a 404;
 * - an unknown route, `/block/{far future}`, `/transaction/0x{64 zeros}` and `/TokenDetail/{a
 *   non-token address}` answer HTTP 404 with the app's page.
 * Each function returns its problems, one line each (empty = as the contract says).
 */
import type { Browser } from 'playwright-core';
import { toHexAddress } from '../../common/address';
import { apiPaths } from '../../common/api/paths';
import { SCREEN_TITLES } from '../../common/spec';
import { screenshot, visit } from '../helpers/browser';

const hex = (address: string) => toHexAddress(address).toLowerCase();

export async function checkWalletLinks(
  browser: Browser,
  url: string,
  chainId: number,
  at: { txHash: string; token: string; contract: string },
): Promise<string[]> {
  const problems: string[] = [];
  const page = async (route: string, shot: string, expectText: RegExp, title: string) => {
    const v = await visit(browser, url, route, { viewport: 'desktop' });
    try {
      await screenshot(v.page, `shipped/${shot}`);
      const h1 = (
        await v.page
          .locator('main h1')
          .first()
          .innerText()
          .catch(() => '')
      ).trim();
      const main = await v.page
        .locator('main')
        .first()
        .innerText()
        .catch(() => '');
      if (!h1.startsWith(title)) problems.push(`${route}: title '${h1}', not '${title}…'`);
      if (!expectText.test(main)) problems.push(`${route}: the page does not show ${expectText}`);
    } finally {
      await v.close();
    }
  };
  await page(`/tx/${at.txHash}`, 'tx-link', new RegExp(at.txHash, 'i'), SCREEN_TITLES.transaction);
  await page(`/token/${hex(at.token)}`, 'token-link', /GoldToken|\bGT\b/, SCREEN_TITLES.tokenDetail);
  await page(`/address/${hex(at.contract)}#code`, 'code-link', /contract Box\b/, '');
  // Hardhat's link after a Sourcify verification: a redirect to the contract's code.
  const repoUiPath = apiPaths.sourcifyRepoUi({ chainId, address: hex(at.contract) });
  const repoUi = await fetch(`${url}${repoUiPath}`, { redirect: 'manual' });
  if (repoUi.status === 404) problems.push(`${repoUiPath}: HTTP 404`);
  return problems;
}

export async function notFoundProblems(url: string, plainAddress: string): Promise<string[]> {
  const problems: string[] = [];
  const routes = [
    '/no-such-page-at-all',
    '/block/999999999',
    `/transaction/0x${'0'.repeat(64)}`,
    `/TokenDetail/${plainAddress.toLowerCase()}`,
  ];
  for (const route of routes) {
    const res = await fetch(`${url}${route}`, { headers: { accept: 'text/html' } });
    const body = await res.text();
    if (res.status !== 404) problems.push(`${route}: HTTP ${res.status}, not 404`);
    if (!/text\/html/.test(res.headers.get('content-type') ?? '') || !body.includes('<div id="root"'))
      problems.push(`${route}: not the app's page (${res.headers.get('content-type')})`);
  }
  return problems;
}
