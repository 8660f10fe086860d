/**
 * The pagination machine's generated paths on a real paged list: the Transactions tab of an
 * address the walk gives exactly 45 transactions on the devnet (a fresh key the devnet funds,
 * anvil_setBalance, sends 45 transfers), so the product's own answer gives the model's counts:
 * 45 rows are 3 pages of 20 (the model's count at its size 20) and 1 page of 50 (the size the
 * model changes to). page.next / prev / first / last are the pager's buttons, page.size its
 * 'Rows per page' choice, page.set a page typed into the address bar (a new document load of
 * ?page=N), page.count the list's answer for the new size: that request is held in chromium
 * (page.route) from the size change until the path's page.count step, so the short moment
 * where the count is unknown is a state the walk can check.
 */
import type { Route } from 'playwright-core';
import { JsonRpcProvider, Wallet } from 'ethers';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { PAGINATION, fillMessage } from '../../../../common/spec';
import { paths } from '../../../../common/api/paths';
import { toRubyAddress } from '../../../../common/address';
import { ADDRESS_TEXTS } from '../../../../src/features/addresses/texts';
import { paginationMachine, type PaginationContext, type PaginationEvent } from '../../../../src/machines/paginationMachine';
import { PAGER_TEXTS } from '../../../../src/ui/Pagination';
import { PAGINATION_SIZE, paginationPaths } from '../../../machines/models/pagination';
import { pollUntil, type RunningProduct } from '../../../helpers/product';
import { eventually, openPathPage } from '../page';
import type { MachineWalker } from '../types';
import { walkPath } from '../walk';

/** The list's rows: 3 pages of the model's 20, 1 page of 50. */
const ROWS = 45;
const realCount = (size: number) => Math.max(1, Math.ceil(ROWS / size));

/** An address with exactly ROWS transactions, indexed; made once per product. */
const made = new WeakMap<RunningProduct, Promise<string>>();

async function makeAddress(product: RunningProduct): Promise<string> {
  const key = Wallet.createRandom();
  await product.rpc('anvil_setBalance', [key.address, `0x${(10n ** 18n).toString(16)}`]);
  const provider = new JsonRpcProvider(product.rpcUrl, undefined, { staticNetwork: true });
  const wallet = new Wallet(key.privateKey, provider);
  try {
    const sent = [];
    for (let nonce = 0; nonce < ROWS; nonce++) {
      sent.push(await wallet.sendTransaction({ to: Wallet.createRandom().address, value: 1n, nonce, gasLimit: 21_000n }));
    }
    await Promise.all(sent.map((tx) => tx.wait()));
  } finally {
    provider.destroy();
  }
  const address = toRubyAddress(key.address);
  let last: unknown = null;
  await pollUntil(
    async () => {
      last = await product.api<{ totalTransactions?: number; totalPages?: number }>(
        paths.userTx({ address, page: 1, size: PAGINATION_SIZE }),
      );
      return (last as { totalTransactions?: number } | null)?.totalTransactions === ROWS;
    },
    90_000,
    () => `${address}'s ${ROWS} transactions never indexed (last answer ${JSON.stringify(last)?.slice(0, 200)})`,
  );
  return address;
}

type Ctx = PaginationContext;

export const paginationWalker: MachineWalker = {
  machine: paginationMachine,
  paths: () => paginationPaths(),
  // The list answers a count only when it is not known (the size changed) and it is the real
  // one for the size; nothing else happens before that answer (a page typed into the address bar
  // while it is held would load a new document that asks again).
  browserPaths: () =>
    paginationPaths((s, e) => {
      const c = s.context as Ctx;
      if (c.pageCount === null) return e.type === 'page.count' && e.pageCount === realCount(c.size);
      return e.type !== 'page.count';
    }),
  async walk({ browser, product }, path) {
    let pending = made.get(product);
    if (!pending) {
      pending = makeAddress(product);
      made.set(product, pending);
    }
    const address = await pending;
    const pp = await openPathPage(browser);
    const { page } = pp;
    const listUrl = `${product.url}/address/${address}`;
    const nav = page.getByRole('navigation', { name: ADDRESS_TEXTS.transactionsPages });
    const held: Route[] = [];
    let holding = false;
    await page.route(`**/api${paths.userTx({ address, page: 1, size: 1 }).replace(/\/1\/1$/, '')}/**`, async (route) => {
      if (holding) held.push(route);
      else await route.continue();
    });
    const button = (name: string) => nav.getByRole('button', { name, exact: true });
    const query = () => new URL(page.url()).searchParams;

    const expectView = async (s: AnyMachineSnapshot, can: { back: boolean; forward: boolean; last: boolean }) => {
      const { page: p, pageCount, size } = s.context as Ctx;
      const label =
        pageCount === null
          ? fillMessage(PAGINATION.page, { page: String(p) })
          : fillMessage(PAGINATION.pageOf, { page: String(p), pages: String(pageCount) });
      await nav.getByText(label, { exact: true }).waitFor();
      const url = `?page=${p > 1 ? p : '(none)'}&ps=${size !== PAGINATION_SIZE ? size : '(none)'}`;
      await eventually(
        async () => `?page=${query().get('page') ?? '(none)'}&ps=${query().get('ps') ?? '(none)'}` === url,
        `the URL to say ${url} (it says ${page.url()})`,
      );
      const select = nav.getByLabel(PAGER_TEXTS.size);
      if ((await select.inputValue()) !== String(size))
        throw new Error(`'${PAGER_TEXTS.size}' shows ${await select.inputValue()}, not ${size}`);
      const want: [string, boolean][] = [
        [PAGINATION.first, can.back],
        [PAGINATION.previous, can.back],
        [PAGINATION.next, can.forward],
        [PAGER_TEXTS.last, can.last],
      ];
      for (const [name, enabled] of want) {
        await eventually(async () => (await button(name).isEnabled()) === enabled, `'${name}' ${enabled ? 'enabled' : 'disabled'}`);
      }
    };
    const click = (name: string) => async () => {
      await button(name).click();
    };

    try {
      await page.goto(listUrl);
      await nav
        .getByText(fillMessage(PAGINATION.pageOf, { page: '1', pages: String(realCount(PAGINATION_SIZE)) }), { exact: true })
        .waitFor();
      const rec = await walkPath(
        'pagination',
        path,
        {
          'page.next': click(PAGINATION.next),
          'page.prev': click(PAGINATION.previous),
          'page.first': click(PAGINATION.first),
          'page.last': click(PAGER_TEXTS.last),
          'page.set': async (e: AnyEventObject) => {
            const { page: wanted } = e as Extract<PaginationEvent, { type: 'page.set' }>;
            const url = new URL(page.url());
            url.searchParams.set('page', String(wanted));
            await page.goto(url.toString());
            return `typed ?page=${wanted} into the address bar (a new document load)`;
          },
          'page.size': async (e: AnyEventObject) => {
            const { size } = e as Extract<PaginationEvent, { type: 'page.size' }>;
            holding = true;
            await nav.getByLabel(PAGER_TEXTS.size).selectOption(String(size));
            await eventually(async () => held.length > 0, `the list's request for ${size} rows a page`);
            return `chose ${size} in '${PAGER_TEXTS.size}'; the list's answer held in chromium until the count step`;
          },
          'page.count': async (e: AnyEventObject) => {
            const { pageCount } = e as Extract<PaginationEvent, { type: 'page.count' }>;
            holding = false;
            for (const route of held.splice(0)) await route.continue();
            return `the product's answer let through: ${ROWS} transactions → ${pageCount} page(s)`;
          },
        },
        {
          only: (s) => expectView(s, { back: false, forward: false, last: false }),
          first: (s) => expectView(s, { back: false, forward: true, last: (s.context as Ctx).pageCount !== null }),
          middle: (s) => expectView(s, { back: true, forward: true, last: (s.context as Ctx).pageCount !== null }),
          last: (s) => expectView(s, { back: true, forward: false, last: false }),
        },
      );
      rec.description += ` (on ${ROWS} real transactions of one address: ${realCount(PAGINATION_SIZE)} pages of ${PAGINATION_SIZE}, ${realCount(50)} of 50)`;
      if (rec.ok && pp.problems.length > 0) Object.assign(rec, { ok: false, error: `browser problems: ${pp.problems.join('; ')}` });
      return rec;
    } finally {
      holding = false;
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await pp.close();
    }
  },
};
