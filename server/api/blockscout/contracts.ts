/**
 * The smart-contracts resource: one contract (verified or not) and the list of verified contracts,
 * newest verification first, from queries/contracts.ts and queries/verified.ts.
 */
import type { ApiContext } from '../../core/context';
import type { Page } from '../../core/params';
import { contractBytecode, findContract } from '../../queries/contracts';
import { findVerified } from '../../queries/verified';
import { proxyInfo } from '../../queries/proxies';
import { addressBook, nextPageParams, notFoundBs, proxyFields } from './common';
import { shapeSmartContract, shapeSmartContractItem } from './smartContract';

export async function bsSmartContract(ctx: ApiContext, address: string) {
  const [contract, source] = await Promise.all([findContract(ctx, address), findVerified(ctx, address)]);
  if (!contract) throw notFoundBs();
  const [bytecode, book, proxy] = await Promise.all([contractBytecode(ctx, address), addressBook(ctx, [address]), proxyInfo(ctx, address)]);
  const fields = proxyFields(proxy);
  const shaped = shapeSmartContract({ contract, source, bytecode, book });
  return { ...shaped, ...fields, address: { ...shaped.address, ...fields } };
}

export async function bsSmartContracts(ctx: ApiContext, page: Page) {
  const rows = await ctx.db
    .selectFrom('contract_sources')
    .select('address')
    .orderBy('verified_at', 'desc')
    .orderBy('address')
    .offset(page.offset)
    .limit(page.size + 1)
    .execute();
  const addrs = rows.slice(0, page.size).map((r) => r.address);
  const [book, found] = await Promise.all([
    addressBook(ctx, addrs),
    Promise.all(addrs.map(async (a) => ({ contract: await findContract(ctx, a), source: await findVerified(ctx, a) }))),
  ]);
  const items = found.flatMap(({ contract, source }) => (contract ? [shapeSmartContractItem(contract, source, book)] : []));
  return { items, next_page_params: nextPageParams(page, addrs.length, rows.length > page.size) };
}
