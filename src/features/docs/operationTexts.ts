/**
 * The operation summaries of the /Api reference in the SPA's languages. The server's
 * OpenAPI document has no operationId, so an operation's id here is made from its method and path
 * (operationId below). The English beside each id is the server's summary as the translation was
 * made from it: a summary that no longer matches (the server changed it) is shown in the server's
 * English rather than with a stale translation.
 */
import { defineTexts } from '../../lib/i18n';
import { currentLocale } from '../../lib/i18n/locale';
import type { DocOperation } from './openapi';

/** 'GET /getBalance/{address}' → 'get_getBalance_address'; 'GET /' → 'get'. */
export function operationId(key: string): string {
  const [method = '', path = ''] = key.split(' ');
  return [method.toLowerCase(), ...path.split(/[^A-Za-z0-9]+/).filter(Boolean)].join('_');
}

const SUMMARIES: Readonly<Record<string, string>> = {
  get_indexing_status: 'Indexed block, node head, percent, catching up or live; whether the node answers',
  get_getHomepagedata: 'Home stats: latest block, totals, last 24 hours, gas fee, pending pool, average block time',
  get_getHomeScreen:
    "The home page's first screen in one answer: home stats, latest blocks, hourly chart, per-block chart, newest tokens and DApps, latest transactions",
  get_getrubyprice: 'The coin price in USD and the current gas fee of a coin transfer in RUBY',
  get_getBlocks_page_size: 'Blocks, newest first',
  get_getLatestBlocks: 'The latest 20 blocks',
  get_getBlockdatadataforchart: 'Transactions per block, the latest 20 blocks, oldest first',
  get_getBlockNumberdata_block: 'One block (by number or hash) with its transactions',
  get_getAllTransction_page_size: 'All transactions, newest first (page from 1, size 1 to 200)',
  get_getTransactionData_hash: 'One transaction with its token transfers, internal calls, DEX details and a call trace',
  get_searchcontract: 'Contracts and tokens with a name; ?q= filters by name, token symbol or name tag substring (at most 20)',
  get_searchdata_term:
    "What a term is: 'block' (number or hash), 'transaction' (hash) or 'alladdress' (r… / 0x… address, or its public name tag)",
  get_getTransactionGraph: 'Transactions and fees per hour, the last 24 hours, oldest first',
  get_getTokenTransactionGraph: "Token transfers per hour ('HH:00', UTC), the last 24 hours, oldest first",
  get_getContractTransactionGraph: "Contract creations and calls per hour ('HH:00', UTC), the last 24 hours, oldest first",
  get_getTokendeploy: 'Token deployments per day (last 14 days) and the 8 newest tokens (tokendepoloy)',
  get_getContractdeploy: 'DApp deployments per day (last 14 days) and the 8 newest DApps (contractdeploy)',
  get_getuserTransction_address_page_size: 'An address: balance, counts and one page of its transactions, newest first',
  get_getuserTokenTransction_address_page_size:
    "An address's token transfers (sent or received; RBC20 and NFTs, an NFT with its tokenId), newest first",
  get_getinternaltrx_address_page_size: 'Internal transactions (calls inside transactions) from or to an address, newest first',
  get_getallTokenBalance_address:
    "An address's non-zero RBC20 balances, then the NFT collections it holds items of (nft: true, balance = items held)",
  get_getAddressCounters_address:
    'What the address page shows before its lists: contract kind, holdings counts, and which of its tabs have rows',
  get_getBalance_address: 'Coin balance of an address, live from the node',
  get_tokenbalance_address_contractAddr: "An address's balance of one RBC20 token (as of the indexed head)",
  get_getTopaccounts: 'Richest addresses, first page of 20',
  get_getTopaccounts_page_size: 'Richest addresses, by balance; percentage of the total supply',
  get_getTokens: 'RBC20 tokens, newest first (first 20)',
  get_getTokens_page_size: 'RBC20 tokens, newest first, with total and verified counts',
  get_getContracts: 'DApp contracts, newest first (first 20)',
  get_getContracts_page_size: 'DApp contracts, newest first, with total and verified counts',
  get_getTokenData_contractAddress:
    'One RBC20 token or NFT collection (nftKind; supply = items, holders = owners): metadata, supply, counts, holders, coin balance, source and code',
  get_getTokenTransction_contractAddress_page_size: "A token's transfers, newest first",
  get_getContractDetail_contractAddress:
    'One contract (DApp or token): creator, coin balance, counts, source, code and its own token holdings',
  get_getContractsData_address: 'One contract (documented name of /getContractDetail)',
  post_verifyContract:
    'Verify a deployed contract: compile the source, compare the creation and runtime code with the chain (exact_match, or match with the metadata hash ignored), prove the constructor arguments from the creation code and store it on a match',
  post_readContract:
    'Call a view or pure function of a verified contract (eth_call at the latest block); arguments typed from the ABI, results decoded',
  get_verify_options:
    'What the Verify & Publish page offers: the chain id for Sourcify’s v2 API, the solc releases (bundled, cached, listed) and the EVM versions',
  get_getallTokens_address: "The wallet's tokens: held ones and the ones added with /importtokenaddress",
  get_getoneTokenTransction_address_tokenContract_page_size: "One token's transfers from or to an address, newest first",
  get_searchtoken: 'Every RBC20 token (name, address) for the wallet token search',
  post_preparetx: 'Chain id, nonce, fees and gas limit for a transaction the caller signs itself',
  post_sendrawtransaction: 'Relay a signed transaction to the node (eth_sendRawTransaction); answers its hash',
  get_txstatus_hash: 'Whether a transaction is indexed yet, and its status',
  get_chainid: "The node's chain id, for payment requests other wallets read (EIP-681 ethereum:0x…@chainId)",
  post_estimatecall: 'Gas estimate of a contract call from a signer; a reverting call answers its revert data instead',
  get_getwithdrawals_address_page_size: 'Withdrawals (EIP-4895) credited to an address, newest first',
  get_getblockwithdrawals_block: 'Withdrawals (EIP-4895) of one block (by number or hash), in block order',
  get_getTransactionLogs_hash:
    'Every event log of a transaction in block order, decoded when the contract is verified or the event is a standard one',
  get_getTransactionStateChanges_hash:
    "What a transaction changed: for every address, coin balance and nonce before → after, RBC20 balances, storage slots (named from the verified source's layout); from the node's prestateTracer or our index, reconciled with the burnt fee",
  get_getTransactionCallTree_hash:
    "Every call frame of a transaction, nested, decoded, with each revert's reason and (verified code) source line; from the node's callTracer, else the indexed internal calls",
  get_getDelegation_address: "An account's EIP-7702 delegation: the delegate its code points to, and its changes, newest first",
  get_getApprovals_address_page_size:
    'The approvals an address has given that are in force: allowances, NFT approvals and operators, riskiest first',
  get_getAddressEvents_address_page_size:
    'Event logs a contract emitted, newest first (page from 1, size 1 to 200), decoded where possible',
  get_getPendingTransactions: "Transactions waiting in the node's pool (txpool_content), newest seen first",
  get_getPendingTransaction_hash: 'One transaction as the node knows it before it is indexed (pending in the pool, or just mined)',
  get_advancedFilter: 'Advanced filter: transactions, internal transfers and token transfers together, newest first, keyset pages',
  get_advancedFilterCsv: "The advanced filter's rows as CSV, newest first, streamed without a row cap",
  get_getTokenHoldersAt_contractAddress:
    "A token's holders at a past block or day, largest first, from the sum of its transfers up to that block",
  get_getTokenHoldersAtCsv_contractAddress: "A token's holders at a past block or day as CSV: rank, address, balance, share",
  get_getGasTracker: 'Gas Tracker: the base fee and the priority fees paid lately (25th / 50th / 75th percentile), the base fee per hour',
  get_getTokenHolders_contractAddress_page_size:
    "An RBC20 token's holders, largest first: rank, address, quantity and percentage of the total supply",
  get_getTokenInventory_contractAddress_page_size:
    "An NFT collection's items (ERC-721), by token id: owner, latest transfer and metadata URI (tokenURI)",
  get_getAddressNfts_address_page_size:
    'The NFT items an address holds now, latest change first: each (collection, token id) with its standard, the amount held (ERC-1155: received minus sent, ids at 0 left out; ERC-721: 1) and its metadata URI',
  get_getNameTags: 'Public name tags of known addresses (the devnet DEX router, pairs and DApps; NAME_TAGS_FILE entries)',
  post_deploy:
    'Compile a .sol file and deploy it as an RBC20 token or a DApp (multipart: solFile, contractName, privatekey, contractType); the source is recorded as verified',
  post_compileContract:
    'Compile a .sol file for a deployment you sign yourself (multipart: solFile, contractName, contractType; no key): the ABI, creation code and constructor arguments, with the checks of /deploy (an RBC20 must implement ERC20)',
  get: 'Etherscan-compatible API: module=account | contract | transaction | block | logs | token | stats | proxy, with action=…',
  post: 'Etherscan-compatible API: module=account | contract | transaction | block | logs | token | stats | proxy, with action=…',
  post_sourcify_v2_verify_chainId_address:
    'Sourcify v2: verify a deployed contract from a standard JSON input (202 and a verificationId; poll GET /sourcify/v2/verify/{verificationId}). Creation and runtime code are compared, constructor arguments proved from the chain',
  get_sourcify_v2_verify_verificationId: 'Sourcify v2: the state of a verification job (isJobCompleted, contract match levels, error)',
  get_sourcify_v2_contract_chainId_address:
    'Sourcify v2: a verified contract (match, creationMatch, runtimeMatch, chainId, address, verifiedAt; fields=all or fields=a,b.c or omit=… for abi, sources, compilation, deployment, creationBytecode, runtimeBytecode, stdJsonInput); 404 when not verified',
  get_createwallet: 'A new random key pair, made on the server and stored nowhere (prefer making keys in your own code)',
  get_send_privateKey_recipient_amount: 'Send RUBY signed on the server (documented form; the POST keeps the key out of URLs)',
  post_send: 'Send RUBY signed on the server with the key of the body',
  get_sendtoken_privateKey_recipient_tokenContract_amount: 'Send an RBC20 token signed on the server (documented form; result is the hash)',
  post_sendtoken: 'Send an RBC20 token signed on the server with the key of the body',
  get_importtokenaddress_walletAddress_tokenAddress: "Add a token to the logged-in user's wallet list",
  get_watchlist: "The logged-in user's watched addresses with their private labels and alert kinds, oldest first",
  post_watchlist: 'Watch an address (at most 50), or change its label and alerts when already watched',
  delete_watchlist_address: 'Stop watching an address (its label goes too)',
  get_watchlist_notifications: "The logged-in user's watchlist alerts, newest first (the last 100), and how many are unread",
  post_watchlist_notifications_read: "Mark the logged-in user's watchlist alerts read (those ids, or all)",
};

const OPERATION_TEXTS: Readonly<Record<string, string>> = defineTexts('docs.operations', SUMMARIES);

/** The English each translation was made from, by operation id (tests/server/api/openapi.test.ts compares it with the served document). */
export const TRANSLATED_SUMMARIES: Readonly<Record<string, string>> = SUMMARIES;

/** An operation's summary in the active language: the server's English when there is no matching translation. */
export function operationSummary(op: Pick<DocOperation, 'key' | 'summary'>): string {
  if (currentLocale() === 'en') return op.summary;
  const id = operationId(op.key);
  return SUMMARIES[id] === op.summary ? (OPERATION_TEXTS[id] ?? op.summary) : op.summary;
}

/** The parameter descriptions of the same document, by their English (a changed one is shown as the server gives it). */
const PARAMETER_DESCRIPTIONS: readonly string[] = [
  'page number from 1',
  'rows per page, 1 to 200',
  'block number or 0x block hash',
  'transaction hash, 0x + 64 hex digits',
  'name substring, case-insensitive (autocomplete); at most 20 rows',
  'address: r… or 0x… followed by 40 hex digits, any case',
  'token contract address, r… or 0x…',
  'contract address: r… or 0x…, any case',
  'contract address: r… or 0x…',
  'Name, or File.sol:Name',
  'the Solidity source of one file (imports of @openzeppelin/… are resolved)',
  'e.g. v0.8.37+commit.…; must be the explorer compiler',
  'ABI-encoded, hex',
  'name, or full signature such as balanceOf(address)',
  'arguments as JSON: numbers as decimal strings, addresses r… or 0x…',
  "read as proxy: the implementation's verified ABI, the call sent to this address",
  'r… or 0x…, any case',
  'absent: a contract creation (data is the creation code)',
  'wei, decimal digits',
  '0x calldata, or creation code',
  '0x signed transaction',
  'the signer, r… or 0x…',
  'the contract, r… or 0x…',
  '0x calldata',
  'token address: r… or 0x…',
  'collection address: r… or 0x…',
  'r… or 0x…',
  "solc's standard JSON input (language, sources, settings)",
  'e.g. 0.8.20+commit.a1b79de6',
  'path:Name, e.g. src/Box.sol:Box',
  'the creating transaction, when the explorer has not indexed it',
  'RUBY, decimal',
  'r… or 0x… address',
  '0 to 40 characters once trimmed',
  'omitted kinds are on',
  'omitted = every notification',
  'erc20, erc721, operator or all (the default)',
];

const PARAMETER_TEXTS: readonly string[] = defineTexts('docs.parameters', PARAMETER_DESCRIPTIONS);

/** A parameter description in the active language: the server's English when there is no translation of it. */
export function parameterDescription(description: string): string {
  if (currentLocale() === 'en') return description;
  const i = PARAMETER_DESCRIPTIONS.indexOf(description);
  return i < 0 ? description : (PARAMETER_TEXTS[i] ?? description);
}
