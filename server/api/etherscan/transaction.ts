/**
 * module=transaction (getstatus, gettxreceiptstatus) and module=block (getblockreward,
 * getblocknobytime, getblockcountdown). Shapes: Etherscan's "Transactions" and "Blocks" pages.
 */
import { indexedHead } from '../../queries/addresses';
import {
  etherscanBlockByTime,
  etherscanBlockReward,
  etherscanBlockTime,
  etherscanTxError,
  etherscanTxStatus,
} from '../../queries/etherscanChain';
import { ES_ERRORS, EtherscanError, hashParam, intParam, notOk, ok, type ActionTable } from './common';

/** A failed transaction whose trace names no reason (a plain REVERT, or out of gas at the top). */
const REVERTED = 'Reverted';

export const transactionActions: ActionTable = {
  async getstatus(ctx, p) {
    const tx = await etherscanTxStatus(ctx, hashParam(p));
    // Etherscan answers an unknown hash as a success without a description, as it does for pending ones.
    if (!tx || tx.status === 1) return ok({ isError: '0', errDescription: '' });
    return ok({ isError: '1', errDescription: (await etherscanTxError(ctx, tx.block, tx.txIndex)) ?? REVERTED });
  },
  async gettxreceiptstatus(ctx, p) {
    const tx = await etherscanTxStatus(ctx, hashParam(p));
    // "" for a transaction without a receipt status (unknown here), as Etherscan does for pre-Byzantium ones.
    return ok({ status: tx ? String(tx.status) : '' });
  },
};

export const blockActions: ActionTable = {
  async getblockreward(ctx, p) {
    const n = intParam(p, 'blockno', -1, ES_ERRORS.blockNo);
    if (n < 0) throw new EtherscanError(ES_ERRORS.blockNo);
    const b = await etherscanBlockReward(ctx, n);
    if (!b) throw new EtherscanError(ES_ERRORS.blockNo);
    return ok({
      blockNumber: String(b.number),
      timeStamp: String(b.timestamp),
      blockMiner: b.miner,
      blockReward: b.reward,
      uncles: [],
      uncleInclusionReward: '0',
    });
  },
  async getblocknobytime(ctx, p) {
    const ts = intParam(p, 'timestamp', -1, ES_ERRORS.timestamp);
    if (ts < 0) throw new EtherscanError(ES_ERRORS.timestamp);
    const closest = (p.closest ?? 'before').trim().toLowerCase();
    if (closest !== 'before' && closest !== 'after') throw new EtherscanError(ES_ERRORS.closest);
    const n = await etherscanBlockByTime(ctx, ts, closest);
    return n === null ? notOk(ES_ERRORS.noClosest) : ok(String(n));
  },
  async getblockcountdown(ctx, p) {
    const target = intParam(p, 'blockno', -1, ES_ERRORS.blockNo);
    if (target < 0) throw new EtherscanError(ES_ERRORS.blockNo);
    const head = (await indexedHead(ctx)) ?? 0;
    if (target <= head) throw new EtherscanError(ES_ERRORS.blockPassed);
    const perBlock = (await etherscanBlockTime(ctx, head)) ?? ctx.config.devnet.blockTime;
    const remaining = target - head;
    return ok({
      CurrentBlock: String(head),
      CountdownBlock: String(target),
      RemainingBlock: String(remaining),
      EstimateTimeInSec: (remaining * perBlock).toFixed(1),
    });
  },
};
