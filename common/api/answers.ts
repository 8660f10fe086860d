/**
 * Each API route's answer, as the TypeBox schema of its success body, keyed by the route's name in
 * the path registry (common/api/paths.ts). The one source of an answer's shape: the Fastify route
 * declares `response: { 200: ANSWERS.x }` (its OpenAPI document follows), and the SPA's RTK
 * endpoints take their result type from `AnswerOf<'x'>` (src/app/answers.ts), never restating it.
 * A route whose methods answer differently maps each method (`apiKeys: { GET, POST }`).
 *
 * Server side only at run time: the SPA imports this module's types, never its values (so the
 * schemas stay out of the browser's bundle). tests/common/apiAnswers.test.ts checks that every
 * route declaring a success schema declares this one, and that every route an RTK endpoint asks
 * has an entry here.
 */
import { Kind, Type, type TSchema } from '@sinclair/typebox';
import {
  AddressCountersResponse,
  AddressTransactionsResponse,
  BalanceResponse,
  InternalTransactionsResponse,
  TokenBalanceResponse,
  TokenHoldingsResponse,
  TopAccountsResponse,
} from './addresses';
import { AdvancedFilterPage } from './advancedFilter';
import { ApiKeyListResponse, CreatedApiKeyResponse, RevokeApiKeyResponse } from './apiKeys';
import { ApprovalsPage } from './approvals';
import { BlockChartResponse, BlockDetailResponse, BlocksPage, LatestBlocksResponse } from './blocks';
import { CallTreeResponse } from './callTree';
import { ContractDeployResponse, GraphResponse, TokenDeployResponse, TransactionGraphResponse } from './charts';
import { EstimateCallResponse } from './contractWrite';
import { CompileResponse, DeployResponse, ReadResponse, VerifyResponse } from './deploy';
import { FeedbackCreated } from './feedbackAnswer';
import { GasTrackerResponse } from './gasTracker';
import { TokenHoldersResponse } from './holders';
import { HoldersAtResponse } from './holdersAt';
import { HomePageResponse, RubyPriceResponse } from './home';
import { HomeScreenResponse } from './homeScreen';
import { AddressEventsResponse, TransactionLogsResponse } from './logs';
import { NameTagsResponse } from './nameTags';
import { AddressNftsResponse, NftInventoryResponse } from './nfts';
import { HealthResponse, IndexingStatusResponse, ReadyResponse } from './ops';
import type { ApiRouteName } from './paths';
import { NodeTransactionResponse, PendingTransactionsResponse } from './pending';
import { SearchContractResponse, SearchDataResponse } from './search';
import { LogoutResponse } from './sessions';
import { SourcifyContract, SourcifyJobResponse } from './sourcify';
import { TxStateChangesResponse } from './stateChanges';
import { ContractDetailResponse, ContractListResponse, TokenDataResponse, TokenTransfersResponse } from './tokens';
import { AllTransactionsPage, TransactionDetailResponse } from './transactions';
import { AddressDelegationResponse } from './txKinds';
import { VerifyOptionsResponse } from './verifyOptions';
import {
  ChainIdResponse,
  ChallengeResponse,
  CreateWalletResponse,
  HashResponse,
  ImportTokenResponse,
  LinkWalletResponse,
  LoginResponse,
  OneTokenTransactionsResponse,
  PrepareTxResponse,
  RegistrationResponse,
  RekeyResponse,
  SearchTokenResponse,
  TxStatusResponse,
  WalletDataResponse,
  WalletTokensResponse,
} from './wallet';
import { MarkReadResponse, NotificationsResponse, UnwatchResponse, WatchItemResponse, WatchlistResponse } from './watchlist';
import { AddressWithdrawalsResponse, BlockWithdrawalsResponse } from './withdrawals';

const CsvText = Type.String({ description: 'text/csv; charset=utf-8' });
const CsvRows = Type.String({ description: 'text/csv; charset=utf-8, header line first, CRLF line ends' });

type Method = 'GET' | 'POST' | 'DELETE';
type Entry = TSchema | { readonly [M in Method]?: TSchema };

export const ANSWERS = {
  // Operations
  health: HealthResponse,
  ready: ReadyResponse,
  metrics: Type.String({ description: 'Prometheus text exposition format' }),
  indexingStatus: IndexingStatusResponse,
  // Home, blocks, transactions, search, charts
  homeData: HomePageResponse,
  rubyPrice: RubyPriceResponse,
  homeScreen: HomeScreenResponse,
  blocks: BlocksPage,
  latestBlocks: LatestBlocksResponse,
  blockChart: BlockChartResponse,
  block: BlockDetailResponse,
  blockWithdrawals: BlockWithdrawalsResponse,
  allTx: AllTransactionsPage,
  txData: TransactionDetailResponse,
  txLogs: TransactionLogsResponse,
  txStateChanges: TxStateChangesResponse,
  txCallTree: CallTreeResponse,
  nameTags: NameTagsResponse,
  pendingTx: PendingTransactionsResponse,
  pendingTxOne: NodeTransactionResponse,
  gasTracker: GasTrackerResponse,
  searchContract: SearchContractResponse,
  searchData: SearchDataResponse,
  searchDataRest: SearchDataResponse,
  advancedFilter: AdvancedFilterPage,
  advancedFilterCsv: CsvRows,
  transactionGraph: TransactionGraphResponse,
  tokenTransactionGraph: GraphResponse,
  contractTransactionGraph: GraphResponse,
  tokenDeploy: TokenDeployResponse,
  contractDeploy: ContractDeployResponse,
  // Addresses
  userTx: AddressTransactionsResponse,
  userTokenTx: TokenTransfersResponse,
  internalTx: InternalTransactionsResponse,
  withdrawals: AddressWithdrawalsResponse,
  addressEvents: AddressEventsResponse,
  allTokenBalance: TokenHoldingsResponse,
  addressCounters: AddressCountersResponse,
  addressDelegation: AddressDelegationResponse,
  approvals: ApprovalsPage,
  balance: BalanceResponse,
  tokenBalance: TokenBalanceResponse,
  topAccounts: TopAccountsResponse,
  topAccountsPage: TopAccountsResponse,
  // Tokens and contracts
  tokens: ContractListResponse,
  tokensPage: ContractListResponse,
  contracts: ContractListResponse,
  contractsPage: ContractListResponse,
  tokenData: TokenDataResponse,
  tokenTx: TokenTransfersResponse,
  tokenHolders: TokenHoldersResponse,
  tokenHoldersAt: HoldersAtResponse,
  tokenHoldersAtCsv: CsvText,
  nftInventory: NftInventoryResponse,
  addressNfts: AddressNftsResponse,
  contractDetail: ContractDetailResponse,
  contractsData: ContractDetailResponse,
  deploy: DeployResponse,
  compileContract: CompileResponse,
  verifyContract: VerifyResponse,
  readContract: ReadResponse,
  verifyOptions: VerifyOptionsResponse,
  sourcifyJob: SourcifyJobResponse,
  sourcifyContract: SourcifyContract,
  /** 201, not 200: a stored submission. */
  feedback: FeedbackCreated,
  // Accounts and the wallet
  register: RegistrationResponse,
  registerInPath: RegistrationResponse,
  login: LoginResponse,
  rekey: RekeyResponse,
  logout: LogoutResponse,
  logoutAll: LogoutResponse,
  importWallet: LinkWalletResponse,
  walletChallenge: ChallengeResponse,
  walletData: WalletDataResponse,
  createWallet: CreateWalletResponse,
  send: HashResponse,
  sendInPath: HashResponse,
  sendToken: HashResponse,
  sendTokenInPath: HashResponse,
  allTokens: WalletTokensResponse,
  oneTokenTx: OneTokenTransactionsResponse,
  searchToken: SearchTokenResponse,
  importToken: ImportTokenResponse,
  prepareTx: PrepareTxResponse,
  sendRawTx: HashResponse,
  txStatus: TxStatusResponse,
  chainId: ChainIdResponse,
  estimateCall: EstimateCallResponse,
  apiKeys: { GET: ApiKeyListResponse, POST: CreatedApiKeyResponse },
  apiKey: RevokeApiKeyResponse,
  exportCsv: CsvRows,
  watchlist: { GET: WatchlistResponse, POST: WatchItemResponse },
  watchlistItem: UnwatchResponse,
  watchlistNotifications: NotificationsResponse,
  watchlistRead: MarkReadResponse,
} as const satisfies { readonly [K in ApiRouteName]?: Entry };

export type Answers = typeof ANSWERS;
/** A route that has an answer schema. */
export type AnswerRoute = keyof Answers;

/** Route K's answer to method M (a route with one answer ignores M): TypeBox's Static<>, read off its schema. */
export type AnswerOf<K extends AnswerRoute, M extends Method = 'GET'> = Answers[K] extends { readonly static: infer A }
  ? A
  : Answers[K] extends { readonly [P in M]: { readonly static: infer A } }
    ? A
    : never;

/** The schema of a route's answer to `method` at run time (the tests); undefined when it has none. */
export function answerSchema(name: string, method: string): TSchema | undefined {
  const entry = (ANSWERS as Readonly<Record<string, object>>)[name];
  if (!entry) return undefined;
  if (Kind in entry) return entry as TSchema;
  return (entry as Readonly<Record<string, TSchema | undefined>>)[method];
}
