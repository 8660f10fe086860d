/**
 * A transaction's raw trace (parity's flat form, from the detail's call tree), state changes
 * (server/services/stateChanges.ts, the State tab's) and summary (the detail's actions, as Blockscout's
 * templates: text with {variables}) in Blockscout's shapes.
 */
import { toChecksumHexAddress } from '../../../common/address';
import type { CallTrace } from '../../../common/api/transactions';
import type { TxSummary } from '../../../common/api/txSummary';
import { actionParts, plainUnits, type SummaryPart } from '../../../common/summary/render';
import type { ApiContext } from '../../core/context';
import { stateChanges } from '../../services/stateChanges';
import { addressBook, bsAddress, notFoundBs } from './common';
import { tokenBook, tokenOf } from './tokenShape';
import { detailOrNotFound } from './transactions';

const hex = (a: string | undefined) => (a ? toChecksumHexAddress(a).toLowerCase() : undefined);

/** The call tree, depth first, as parity's trace_transaction lists it. */
function flatten(frame: CallTrace, hash: string, address: number[], out: object[]): object[] {
  const type = frame.type.toLowerCase();
  const create = type.startsWith('create');
  const action = create
    ? { from: hex(frame.from), gas: frame.gas ?? '0x0', init: frame.input, value: frame.value }
    : {
        callType: type === 'call' ? 'call' : type,
        from: hex(frame.from),
        to: hex(frame.to),
        gas: frame.gas ?? '0x0',
        input: frame.input,
        value: frame.value,
      };
  const result = frame.error === undefined ? { result: { gasUsed: frame.gasUsed ?? '0x0', output: frame.output ?? '0x' } } : {};
  out.push({
    action,
    ...result,
    subtraces: frame.calls.length,
    traceAddress: address,
    transactionHash: hash,
    type: create ? 'create' : type === 'selfdestruct' ? 'selfdestruct' : 'call',
  });
  frame.calls.forEach((c, i) => flatten(c, hash, [...address, i], out));
  return out;
}

export async function bsTxRawTrace(ctx: ApiContext, hash: string) {
  const d = await detailOrNotFound(ctx, hash);
  return d.rawTrace ? flatten(d.rawTrace, d.hash, [], []) : [];
}

export async function bsTxStateChanges(ctx: ApiContext, hash: string) {
  const s = await stateChanges(ctx, hash);
  if (!s) throw notFoundBs();
  const tokenAddrs = s.accounts.flatMap((a) => a.tokens.map((t) => toChecksumHexAddress(t.tokenAddress).toLowerCase()));
  const [book, tokens] = await Promise.all([
    addressBook(
      ctx,
      s.accounts.map((a) => a.address),
    ),
    tokenBook(ctx, tokenAddrs),
  ]);
  const items = s.accounts.flatMap((a) => [
    {
      address: bsAddress(toChecksumHexAddress(a.address), book),
      balance_before: a.balanceBeforeWei,
      balance_after: a.balanceAfterWei,
      change: a.balanceDifferenceWei,
      is_miner: a.role === 'miner',
      token: null,
      type: 'coin',
    },
    ...a.tokens.map((t) => ({
      address: bsAddress(toChecksumHexAddress(a.address), book),
      balance_before: t.beforeWei,
      balance_after: t.afterWei,
      change: t.differenceWei,
      is_miner: a.role === 'miner',
      token: tokenOf(toChecksumHexAddress(t.tokenAddress), tokens),
      type: 'token',
    })),
  ]);
  return { items, next_page_params: null };
}

/** A part of our summary line as one of Blockscout's template variables. */
function variable(p: SummaryPart): { type: string; value: string | object } | null {
  switch (p.t) {
    case 'party':
      return { type: 'address', value: { hash: toChecksumHexAddress(p.party.address), name: p.party.label } };
    case 'amount':
      return { type: 'currency', value: p.symbol ? `${plainUnits(p.units, p.decimals)} ${p.symbol}` : plainUnits(p.units, p.decimals) };
    case 'token':
      return { type: 'token', value: { address_hash: toChecksumHexAddress(p.token.address), symbol: p.token.symbol, name: p.token.name } };
    case 'ids':
      return { type: 'string', value: p.ids.map((id) => `#${id}`).join(', ') };
    case 'code':
    case 'data':
      return { type: 'string', value: p.text };
    case 'text':
      return null;
  }
}

export function shapeSummary(summary: TxSummary) {
  const summaries = summary.map((action) => {
    let template = '';
    const vars: Record<string, { type: string; value: string | object }> = {};
    actionParts(action).forEach((p, i) => {
      const v = variable(p);
      if (v === null) template += p.t === 'text' ? p.text.replace(/[{}]/g, '') : '';
      else {
        template += `{v${i}}`;
        vars[`v${i}`] = v;
      }
    });
    return { summary_template: template, summary_template_variables: vars };
  });
  return { success: true, data: { summaries } };
}

export async function bsTxSummary(ctx: ApiContext, hash: string) {
  return shapeSummary((await detailOrNotFound(ctx, hash)).summary);
}
