/**
 * The search machine's generated paths in the real search box against the real server. The
 * model's terms become real ones (searchTerms.ts: a real token's name or address, a DApp's
 * address, a block number, a transaction hash, an account, a term that matches nothing). The
 * box's two requests (the contract list, /searchdata) are held in chromium (page.route) until the
 * path's answer step, which lets the server's own answer through and checks that it is the one the
 * path asks for; a failed contract list is chromium offline. Another tab's history is a second
 * tab of the same origin writing the stored history. The home page's box, or, when the path goes
 * on after a search led to a token page, a token page's box (it stays mounted from token to token).
 */
import type { Route } from 'playwright-core';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { APP_NAME, SEARCH } from '../../../../common/spec';
import type { SearchContractItem } from '../../../../common/api/search';
import { apiPaths } from '../../../../common/api/paths';
import { urls } from '../../../../src/app/urls';
import { LAYOUT_TEXTS } from '../../../../src/app/layout/texts';
import { contractTarget, kindTarget, matchContract } from '../../../../src/lib/searchFlow';
import { SEARCH_HISTORY_KEY } from '../../../../src/lib/searchHistory';
import { searchMachine, type SearchContext } from '../../../../src/machines/searchMachine';
import { SEARCH_TEXTS } from '../../../../src/sections/search/texts';
import { START_HISTORY, searchPaths } from '../../../machines/models/search';
import { eventually, openPathPage } from '../page';
import { DROPDOWN_LOG_SCRIPT, expectClosedByDelay, expectClosing, expectInTime, focusClosed } from '../searchDropdown';
import { expectedProblem, firstRedirect, needOf, notRealAnswer, realSearch, realTerm, same } from '../searchTerms';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';

export const searchWalker: MachineWalker = {
  machine: searchMachine,
  paths: () => searchPaths(),
  // Typing while the dropdown is closing needs the box focused again, which opens it: not offered.
  browserPaths: () => searchPaths((s, e) => !notRealAnswer(s, e) && !(e.type === 'search.type' && s.matches({ dropdown: 'closing' }))),
  async walk({ browser, product }, path) {
    const real = await realSearch(product);
    const pp = await openPathPage(browser);
    const { page, context } = pp;
    await context.addInitScript(DROPDOWN_LOG_SCRIPT);
    const held: { kind: 'contracts' | 'kind'; route: Route }[] = [];
    const kindPrefix = apiPaths.searchData('');
    await page.route(
      (url) => (url.pathname === apiPaths.searchContract() && !url.searchParams.has('q')) || url.pathname.startsWith(kindPrefix),
      (route) => void held.push({ kind: new URL(route.request().url()).pathname.startsWith(kindPrefix) ? 'kind' : 'contracts', route }),
    );
    const input = page.getByRole('combobox', { name: SEARCH_TEXTS.inputLabel });
    const focused = () => input.evaluate((el) => el === document.activeElement);
    const button = page.getByRole('button', { name: SEARCH.button, exact: true });
    const centre = async (l: typeof input) => {
      const b = await l.boundingBox();
      if (!b) throw new Error('not on screen');
      return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    };
    // Set from a blur whose next click went with it until that step: the flow (a blur does not
    // change it) was checked at the step before, and the page has already moved on.
    let sentAhead = false;
    const closingBefore = (i: number) => path.steps[i - 1]?.state.matches({ dropdown: 'closing' }) === true;
    const names = new Map<string, string>();
    const realOf = (model: string) => names.get(model.trim()) ?? model.trim();
    const redirect = firstRedirect(path);
    const goesOn = redirect?.later === true;
    const offlineStep = path.steps.some((s) => s.event.type === 'xstate.error.actor.fetchContracts');
    const startPath = goesOn ? urls.tokenDetail(real.otherToken.contract_address) : urls.home();
    let target = startPath;
    let submitted = '';
    const where = () => {
      const u = new URL(page.url());
      return `${u.pathname}${u.search}`;
    };
    const take = async (kind: 'contracts' | 'kind') => {
      await eventually(
        async () => held.some((h) => h.kind === kind),
        `the box's ${kind === 'kind' ? 'search-data' : 'contract list'} request`,
      );
      const i = held.findIndex((h) => h.kind === kind);
      return held.splice(i, 1)[0]?.route as Route;
    };
    /** Lets the held request through; returns the server's answer. */
    const answer = async (kind: 'contracts' | 'kind') => {
      const route = await take(kind);
      const res = await route.fetch();
      const body = (await res.json()) as { result?: unknown; value?: string | number };
      await route.fulfill({ response: res });
      return { ok: res.ok(), status: res.status(), body };
    };

    try {
      // The starting history, written by a page of the same origin before the box reads it.
      await page.goto(`${product.url}${apiPaths.indexingStatus()}`);
      await page.evaluate(([k, v]) => localStorage.setItem(k as string, v as string), [SEARCH_HISTORY_KEY, JSON.stringify(START_HISTORY)]);
      let setup = '';
      if (offlineStep) {
        await page.goto(`${product.url}${urls.invalidInput()}`);
        await page.getByRole('link', { name: LAYOUT_TEXTS.homeLink(APP_NAME) }).click();
        await page.getByRole('heading', { level: 1, name: SEARCH.title }).waitFor(); // the home page's own box
        setup = " (opened via /Invalidinput and the logo link: that page's code is loaded before going offline)";
      } else await page.goto(`${product.url}${startPath}`);
      await input.waitFor();

      const rec = await walkPath(
        'search',
        path,
        {
          'search.type': async (e: AnyEventObject, i) => {
            const value = String(e.value);
            const need = needOf(path, i);
            const term = realTerm(need, value, real);
            names.set(value.trim(), term.trim());
            const notes: string[] = [];
            if (path.steps[i - 1]?.state.matches({ dropdown: 'closed' }) && !(await focused())) {
              notes.push(await focusClosed(page, input));
            }
            await input.fill(term);
            if (term !== value) notes.push(`typed '${term}' (the real term for: ${need})`);
            return notes.join('; ') || undefined;
          },
          'search.focus': async (_e, i) => {
            sentAhead = false;
            if (!closingBefore(i)) return void (await input.click());
            return `clicked the box (sent with the blur): ${await expectInTime(page, 'focus')}`;
          },
          'search.blur': async (_e, i) => {
            // The step after a blur has 200 ms: a loaded machine's round trips take longer, so its
            // click goes in the same batch of mouse input as the blur's (CDP, not awaited one by one).
            const next = path.steps[i + 1]?.event;
            const then =
              next?.type === 'search.focus'
                ? await centre(input)
                : next?.type === 'search.submit' && next.term === undefined
                  ? await centre(button)
                  : null;
            const clicks = [await centre(page.locator('.search-box__title')), ...(then ? [then] : [])];
            const cdp = await context.newCDPSession(page);
            const mouse = (type: string, { x, y }: { x: number; y: number }) =>
              cdp.send('Input.dispatchMouseEvent', { type: type as 'mousePressed', x, y, button: 'left', clickCount: 1 });
            await Promise.all(clicks.flatMap((at) => [mouse('mouseMoved', at), mouse('mousePressed', at), mouse('mouseReleased', at)]));
            await cdp.detach();
            sentAhead = then !== null;
            return `clicked the box's title (outside the box)${then ? `, and in the same batch ${next?.type === 'search.focus' ? 'the box' : `'${SEARCH.button}'`}` : ''}`;
          },
          'search.close': async () => {
            await input.press('Escape');
          },
          'search.submit': async (e: AnyEventObject, i) => {
            sentAhead = false;
            submitted = e.term === undefined ? realOf((path.steps[i - 1]?.state.context as SearchContext).term) : realOf(String(e.term));
            if (e.term !== undefined) {
              await page
                .getByRole('group', { name: SEARCH.recent })
                .getByRole('option', { name: realOf(String(e.term)), exact: true })
                .click();
              return 'clicked the recent search';
            }
            if (await focused()) {
              await input.press('Enter');
              return 'Enter in the box';
            }
            if (!closingBefore(i)) {
              await button.click();
              return `clicked '${SEARCH.button}'`;
            }
            return `clicked '${SEARCH.button}' (sent with the blur): ${await expectInTime(page, 'submit')}`;
          },
          'suggestion.pick': async (e: AnyEventObject) => {
            names.set(String((e.contract as { contractname: string }).contractname), real.suggest.contractname);
            await page.locator('.search-pop__suggestions [role="option"]', { hasText: real.suggest.contractname }).first().click();
            target = contractTarget(real.suggest);
            return `clicked the suggestion '${real.suggest.contractname}' (a real token)`;
          },
          'history.remove': async (e: AnyEventObject) => {
            await page.getByRole('button', { name: SEARCH_TEXTS.removeItem(realOf(String(e.term))) }).click();
          },
          'history.clear': async () => {
            await page.getByRole('button', { name: SEARCH.clearAll, exact: true }).click();
          },
          'history.sync': async (e: AnyEventObject) => {
            const other = await context.newPage();
            await other.goto(`${product.url}${apiPaths.indexingStatus()}`);
            await other.evaluate(
              ([k, v]) => localStorage.setItem(k as string, v as string),
              [SEARCH_HISTORY_KEY, JSON.stringify(e.history)],
            );
            await other.close();
            return 'another tab of the same origin wrote the stored history';
          },
          'xstate.after.200.search.dropdown.closing': async () => {
            await page.locator('.search-pop').waitFor({ state: 'detached' });
            return `waited: ${await expectClosedByDelay(page, SEARCH.blurDelayMs)}`;
          },
          'xstate.done.actor.fetchContracts': async (e: AnyEventObject, i) => {
            const a = await answer('contracts');
            const list = Array.isArray(a.body.result) ? (a.body.result as SearchContractItem[]) : [];
            const m = matchContract(submitted, list);
            const modelSubmitted = (path.steps[i - 1]?.state.context as SearchContext).submitted;
            const wanted = matchContract(modelSubmitted, e.output as SearchContractItem[])?.contractType ?? 'no match';
            if (!a.ok || (m?.contractType ?? 'no match') !== wanted) {
              throw new Error(
                `the server's contract list (HTTP ${a.status}) gives ${m?.contractType ?? 'no match'} for '${submitted}', not ${wanted}`,
              );
            }
            if (m) target = contractTarget(m);
            return `the server's contract list let through: ${m ? `'${submitted}' is ${m.contractname} (${m.contractType})` : `nothing matches '${submitted}'`}`;
          },
          'xstate.error.actor.fetchContracts': async () => {
            const route = await take('contracts');
            await pp.offline(true);
            const failed = page.waitForEvent('requestfailed', (r) => new URL(r.url()).pathname === apiPaths.searchContract());
            await route.continue().catch(() => undefined);
            await failed;
            target = urls.invalidInput(submitted);
            await page.waitForURL((u) => same(`${u.pathname}${u.search}`, target));
            await pp.offline(false);
            return 'the contract list request sent with chromium offline (CDP): it failed; back online once the box moved on';
          },
          'xstate.done.actor.fetchKind': async (e: AnyEventObject) => {
            const a = await answer('kind');
            const kind = (e.output as { result?: unknown }).result;
            if (!a.ok || a.body.result !== kind)
              throw new Error(`/searchdata answered HTTP ${a.status} ${JSON.stringify(a.body)} for '${submitted}', not ${String(kind)}`);
            target = kindTarget(a.body.result, a.body.value, submitted);
            return `the server answered ${String(kind)} ${String(a.body.value)}`;
          },
          'xstate.error.actor.fetchKind': async () => {
            const a = await answer('kind');
            if (a.ok) throw new Error(`/searchdata answered HTTP ${a.status} for '${submitted}', not a refusal`);
            target = urls.invalidInput(submitted);
            return `the server answered HTTP ${a.status} (no hit)`;
          },
        },
        {
          // The flow first: a redirect's page is there (its own box rendered) before the dropdown is looked at.
          '#search.flow.idle': async (s) => {
            if (sentAhead) return;
            await page.getByText(SEARCH_TEXTS.searching).waitFor({ state: 'detached' });
            if (!same(where(), startPath)) throw new Error(`the page moved to ${where()}`);
            await expectStored(s);
          },
          '#search.flow.fetchingContracts': (s) => (sentAhead ? Promise.resolve() : expectBusy(s, 'contracts')),
          '#search.flow.fetchingKind': (s) => (sentAhead ? Promise.resolve() : expectBusy(s, 'kind')),
          '#search.flow.redirected': async (s) => {
            if (sentAhead) return;
            await eventually(async () => same(where(), target), `the page at ${target} (it is at ${where()})`);
            await page.getByText(SEARCH_TEXTS.searching).waitFor({ state: 'detached' });
            await input.waitFor();
            // The No results page puts the term back in its box.
            if (target.startsWith(urls.invalidInput()))
              await eventually(async () => (await input.inputValue()) === submitted, `'${submitted}' in the box`);
            await expectStored(s);
          },
          '#search.dropdown.closed': async () => {
            await page.getByRole('group', { name: SEARCH.recent }).waitFor({ state: 'detached' });
            await page.locator('.search-pop').waitFor({ state: 'detached' });
          },
          '#search.dropdown.open': (s) => expectRecent(s),
          '#search.dropdown.closing': (s) =>
            expectClosing(
              page,
              (s.context as SearchContext).history.map((h) => realOf(h)),
              SEARCH.blurDelayMs,
            ),
        },
      );
      if (setup) rec.description += setup;
      const unexpected = pp.problems.filter((p) => !expectedProblem(p));
      if (rec.ok && unexpected.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${unexpected.join('; ')}` });
      return rec;
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await pp.close();
    }

    async function expectRecent(s: AnyMachineSnapshot) {
      const want = (s.context as SearchContext).history.map((h) => realOf(h));
      const read = () =>
        page.evaluate(
          (label) => Array.from(document.querySelectorAll(`[aria-label="${label}"] [role="option"]`)).map((li) => li.textContent ?? ''),
          SEARCH.recent,
        );
      await eventually(
        async () => JSON.stringify(await read()) === JSON.stringify(want),
        `recent searches ${JSON.stringify(want)}`,
        15_000,
      );
    }
    async function expectStored(s: AnyMachineSnapshot) {
      const want = JSON.stringify((s.context as SearchContext).history.map(realOf));
      await eventually(
        async () => (await page.evaluate((k) => localStorage.getItem(k) ?? '[]', SEARCH_HISTORY_KEY)) === want,
        `stored history ${want}`,
        5_000,
      );
    }
    async function expectBusy(s: AnyMachineSnapshot, kind: 'contracts' | 'kind') {
      await eventually(
        async () => held.some((h) => h.kind === kind),
        `a ${kind === 'kind' ? 'search-data' : 'contract list'} request waiting`,
      );
      await page.getByText(SEARCH_TEXTS.searching).waitFor();
      if (!same(where(), target)) throw new Error(`the page moved to ${where()} while searching`);
      await expectStored(s);
    }
  },
};
