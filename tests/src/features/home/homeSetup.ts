/** Shared setup of the home screen tests: the whole API answered, the channel answering. Not a test file. */
import { mockFetch, ok, type Handler } from '../../../helpers/fetchMock';
import { BLOCKS, GRAPH, HOME, LIVE, deploys } from './fixtures';
import { hub } from './liveHub';
import { pathMatcher } from '../../../../common/api/paths';

export const TOKENS = deploys(0x7000, 10, 'Token');
export const CONTRACTS = deploys(0x8000, 3, 'App');

export function serveApi(over: [RegExp, Handler][] = []) {
  return mockFetch([
    ...over,
    [pathMatcher('homeData'), ok(HOME)],
    [pathMatcher('transactionGraph'), ok(GRAPH)],
    [pathMatcher('latestBlocks'), ok(BLOCKS)],
    [pathMatcher('blockChart'), ok(BLOCKS.map((b) => ({ blockNumber: b.blockNumber, Trx: b.Trx })).reverse())],
    [pathMatcher('tokenDeploy'), ok([], { tokendepoloy: TOKENS })],
    [pathMatcher('contractDeploy'), ok([], { contractdeploy: CONTRACTS })],
    [pathMatcher('indexingStatus'), ok({ indexedBlock: 100, head: 100, percent: 100, catchingUp: false })],
  ]);
}

export function answerLive() {
  hub.answers.set('gethomedata', { blockandtrncount: [HOME] });
  hub.answers.set('getTransactionGraph', { TransactionGraph: GRAPH });
  hub.answers.set('getblock', { blockdata: BLOCKS });
  hub.answers.set('subscribe', LIVE);
}
