/** Shared setup of the home screen tests: the whole API answered, the channel answering. Not a test file. */
import { mockFetch, ok, type Handler } from '../../../helpers/fetchMock';
import { BLOCKS, GRAPH, HOME, LIVE, deploys } from './fixtures';
import { hub } from './liveHub';

export const TOKENS = deploys(0x7000, 10, 'Token');
export const CONTRACTS = deploys(0x8000, 3, 'App');

export function serveApi(over: [RegExp, Handler][] = []) {
  return mockFetch([
    ...over,
    [/^\/getHomepagedata$/, ok(HOME)],
    [/^\/getTransactionGraph$/, ok(GRAPH)],
    [/^\/getLatestBlocks$/, ok(BLOCKS)],
    [/^\/getBlockdatadataforchart$/, ok(BLOCKS.map((b) => ({ blockNumber: b.blockNumber, Trx: b.Trx })).reverse())],
    [/^\/getTokendeploy$/, ok([], { tokendepoloy: TOKENS })],
    [/^\/getContractdeploy$/, ok([], { contractdeploy: CONTRACTS })],
    [/^\/indexing-status$/, ok({ indexedBlock: 100, head: 100, percent: 100, catchingUp: false })],
  ]);
}

export function answerLive() {
  hub.answers.set('gethomedata', { blockandtrncount: [HOME] });
  hub.answers.set('getTransactionGraph', { TransactionGraph: GRAPH });
  hub.answers.set('getblock', { blockdata: BLOCKS });
  hub.answers.set('subscribe', LIVE);
}
