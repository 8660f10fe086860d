/**
 * /getHomeScreen: everything the home page's first screen shows, in one answer, so a
 * phone makes one request for it instead of six REST calls and a wait for the live channel's first
 * push. Each part is exactly what its own route (or live channel) answers, from the same per-block
 * cache; afterwards the page follows the live channel and the separate routes as before.
 */
import { Type, type Static } from '@sinclair/typebox';
import { BlockChartPoint, BlockListItem } from './blocks';
import { DeployRecord, HourlyPoint } from './charts';
import { HomeData } from './home';
import { TransactionListItem } from './transactions';

export const HomeScreenResponse = Type.Object({
  status: Type.Boolean(),
  result: Type.Object({
    home: HomeData,
    latestBlocks: Type.Array(BlockListItem, { description: 'as /getLatestBlocks result' }),
    transactionGraph: Type.Array(HourlyPoint, { description: 'as /getTransactionGraph result' }),
    blockChart: Type.Array(BlockChartPoint, { description: 'as /getBlockdatadataforchart result' }),
    tokenDeploys: Type.Array(DeployRecord, { description: 'as /getTokendeploy tokendepoloy' }),
    contractDeploys: Type.Array(DeployRecord, { description: 'as /getContractdeploy contractdeploy' }),
    transactions: Type.Object(
      {
        TransactionHistories: Type.Array(TransactionListItem),
        Contracttransaction: Type.Array(TransactionListItem),
        Tokentransaction: Type.Array(TransactionListItem),
      },
      { description: "as the live channel's Transaction-update (subscribe)" },
    ),
  }),
});
export type HomeScreenResponse = Static<typeof HomeScreenResponse>;
export type HomeScreen = HomeScreenResponse['result'];
