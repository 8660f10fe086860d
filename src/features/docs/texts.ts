/** Every text of the two documentation pages (the spec's own wording where it has one). */
import { COPY_TOASTS } from '../../../common/spec';
import { defineTexts } from '../../lib/i18n';

/**
 * The one sentence about API keys on both documentation pages. The server needs no key
 * (server/api/apiKeys.ts): without one, requests share a limit per IP address (RATE_LIMIT_ANONYMOUS, 1,200 a
 * minute by default); with one, each key has its own higher limit (RATE_LIMIT_API_KEY, 12,000 by default).
 * The spec's overview "says an API key is needed": true for the higher limit, and said so.
 */
export const API_KEY_FACT =
  'An API key is needed only for the higher rate limit, so it is optional: without one, requests share a lower rate limit per IP address; with one, your requests get a higher limit of their own.';

export const API_DOCS_TEXTS = defineTexts('docs.api', {
  navLabel: 'API sections',
  overview: 'Overview',
  baseUrl: 'Base URL',
  baseUrlHint: 'Click the URL to copy it.',
  copyToast: COPY_TOASTS.api.text,
  intro:
    'The Ruby Explorer API gives programs the data this explorer shows: blocks, transactions, addresses, RBC20 tokens and contracts of the Ruby chain, as JSON.',
  featuresTitle: 'Features',
  features: [
    'Blocks, transactions (with their token transfers and internal calls), addresses, RBC20 tokens and contracts, as the explorer indexes them.',
    'Balances live from the node; every RUBY amount comes with an exact wei string beside it (value and valueWei, fee and feeWei, balance and balanceWei).',
    'Addresses in answers are r… addresses; paths accept r… or 0x…, in any case. Hashes are 0x….',
    'Every answer is JSON with a boolean status; an error is { "status": false, "message": "…" } with a 4xx status code.',
    'Paginated lists take a page number (from 1) and a page length, and return totalTransactions, totalPages and currentPage.',
  ],
  operationsTitle: 'Supported GET and POST operations',
  operationsIntro:
    'GET operations read data; POST operations send data to the explorer; DELETE removes an address from your own watchlist. Every operation is listed below and documented in its section.',
  useCasesTitle: 'Use cases',
  useCases: [
    'Wallets and payment apps: show balances and token holdings, confirm that a transfer arrived.',
    'Exchanges and custodians: follow deposits to an address, page by page.',
    'Dashboards and research: hourly transaction counts and fees, top accounts, token and contract deployments.',
    'Token projects: holders, transfers and the contract data of an RBC20 token.',
    'Bots and alerts: watch the latest blocks and transactions.',
  ],
  startTitle: 'Getting started',
  start: [
    'Optionally, get an API key for a higher rate limit. Create one on your wallet dashboard (My Account), or ask the operator. Operators create keys with npm run server -- apikey create <label>.',
    'If you have a key, send it with every request: the x-api-key header, or the apikey query parameter.',
    'Call an operation under the base URL, for example the latest blocks:',
    'Pick a section in the navigation for every operation with its parameters, an example request and a real example response.',
  ],
  verifyTitle: 'Verify contract source',
  verifyIntro:
    'Publish the source of a contract deployed on this chain: the Verify & Publish page compiles it with the chosen solc and compares the creation and runtime code with the chain.',
  verifyAddress: 'Contract address',
  verifyOpen: 'Open Verify & Publish',
  verifyInvalid: 'Invalid contract address: an address is r or 0x followed by 40 hex digits.',
  verifyForge: 'From Foundry, through Sourcify’s v2 API served by this explorer:',
  keyTitle: 'API key',
  /** What /Api and /rubyWeb3Docs both say about keys: true to server/api/apiKeys.ts and server/config.ts. */
  keyNeeded: API_KEY_FACT,
  keyHow: 'With a key, send it as the x-api-key request header, or as the apikey query parameter:',
  keyLimits:
    'Requests with a valid key are rate-limited per key, with a higher limit; requests without a key share a lower limit per IP address. Too many requests answer 429, an unknown key 401 and a revoked key 403, each with a JSON message.',
  openApi: 'The machine-readable OpenAPI document of this API:',
  loadFailed: 'The API reference could not be loaded:',
  parameters: 'Parameters',
  noParameters: 'No parameters.',
  exampleRequest: 'Example request',
  exampleResponse: 'Example response',
  noExample: 'No example response recorded for this operation yet.',
  exampleNote: 'A real answer of a devnet; lists are shortened to two items.',
  exampleStatus: (status: number) => `Answered with HTTP status ${status}.`,
  /** Why an operation shows no captured answer (examples.ts NO_LIVE_REASONS). */
  noLiveExample: {
    funds: 'No live example: this call signs and sends a transaction, so it moves funds.',
    secret: 'No live example: this call makes a private key, which the documentation never prints.',
    login: "No live example: this call needs a log-in and answers a user's own data.",
    sourcify:
      'No live example: this call answers for a Sourcify verification job or a Sourcify-verified contract, which the devnet sample has not.',
    upload: 'No live example: the request is a .sol file upload (a multipart form), not a JSON body.',
  },
  responseFields: 'Response fields',
  errors: 'Errors',
  emptySection: 'No operations in this section.',
  etherscanTitle: 'Etherscan-compatible API',
  etherscanShow: (n: number) => `Show the ${n} actions with real example answers`,
  etherscanHide: 'Hide the examples',
  etherscanIntro: [
    'For developers moving from Etherscan: GET or POST {base URL}?module=…&action=… (and Etherscan V2\'s /v2/api?chainid=… form) answers Etherscan\'s modules and actions in Etherscan\'s shapes: status "1" or "0", message, result; numbers as strings, addresses as lower-case 0x…. Requests accept r… or 0x… addresses.',
    'Lists take page, offset, sort, startblock and endblock within a 10,000-record window. Errors, and the rate limit ("Max rate limit reached"), answer HTTP 200 with status "0", so ethers\' EtherscanProvider, Foundry (forge verify-contract, cast source, cast interface) and Hardhat work unchanged. The apikey may be sent in the query or in a POST body.',
    'Every action below with a real answer of a devnet (lists shortened to two items). verifysourcecode (POST) and eth_sendRawTransaction take the same fields as on Etherscan.',
  ],
  required: 'required',
  optional: 'optional',
  keyPlaceholder: 'YOUR_API_KEY',
} as const);

export const WEB3_DOCS_TEXTS = defineTexts('docs.web3', {
  intro:
    "rubyweb3 is a TypeScript package for Node.js (ESM, with type declarations) for programs on the Ruby chain: wallets, balances, coin and token transfers, transactions and blocks, with r… addresses. It reads through a Ruby Explorer API and sends transactions to a node's JSON-RPC, signed locally: private keys never leave your program.",
  installTitle: 'Install',
  installNote: 'ethers 6 is a peer dependency. The package is built with tsc to ESM with .d.ts type declarations.',
  examplesNote: 'Every example on this page is run as a test of the package against a devnet.',
  errorsTitle: 'Errors',
  errorsText:
    'Every failure is a RubyWeb3Error with a code (INVALID_ADDRESS, INVALID_PRIVATE_KEY, INVALID_AMOUNT, INVALID_ARGUMENT, API_ERROR, NETWORK_ERROR, TIMEOUT, TRANSACTION_FAILED) and, for API errors, the HTTP status (404 unknown transaction or block, 401 bad API key, 429 rate limit). Messages never contain a private key.',
  tocLabel: 'On this page',
} as const);

/** The rest of the two pages' prose: labels, table headers, section names. */
export const DOCS_UI_TEXTS = defineTexts('docs.ui', {
  /** The side navigation's names of TABS.apiDocs (the `#Wallet` … anchors stay English). */
  sections: { Wallet: 'Wallet', Transaction: 'Transaction', Token: 'Token', Block: 'Block', Contract: 'Contract' },
  sendingKeyLabel: 'Sending the API key',
  firstRequestLabel: 'First request',
  opsColumns: { method: 'Method', path: 'Path', section: 'Section', summary: 'What it does' },
  paramColumns: { name: 'Name', in: 'In', required: 'Required', description: 'Description' },
  /** Where a parameter goes (OpenAPI's `in`); an unknown one is shown as it is. */
  paramIn: { path: 'path', query: 'query', header: 'header', body: 'body' },
  errorsLine: (errors: string, codes: string, body: string) => `${errors}: ${codes} with ${body}`,
  addressPlaceholder: 'r… or 0x…',
} as const);

/** /rubyWeb3Docs: the titles and texts of WEB3_TOPICS by id, and the page's labels. */
export const WEB3_TOPIC_TEXTS = defineTexts('docs.web3Topics', {
  installLabel: 'Install rubyweb3',
  exampleLabel: (title: string, file: string) => `Example: ${title} (${file})`,
  topics: {
    connect: {
      title: 'Connect',
      text: "Create one RubyWeb3 object with the explorer API URL (…/api) and the node's JSON-RPC URL.",
    },
    wallet: {
      title: 'Wallet creation',
      text: 'createWallet() makes a new random wallet locally and returns its r… address, private key and 12-word recovery phrase.',
    },
    balance: {
      title: 'Balance',
      text: 'getBalance(address) returns the RUBY balance, live from the node: an exact decimal string and the amount in wei as a bigint.',
    },
    sendCoin: {
      title: 'Sending coins',
      text: 'sendCoin({ privateKey, to, amount }) signs a transfer locally and sends it to the node; amount is RUBY as a decimal string (or wei as a bigint). waitForTransaction(hash) resolves when it is mined; with { indexed: true }, once the explorer has it too.',
    },
    sendToken: {
      title: 'Sending tokens',
      text: "sendToken({ privateKey, to, token, amount }) calls the RBC20 contract's transfer with the amount in whole tokens (the token's decimals are read from the contract). tokenBalance(address, token) reads a token balance.",
    },
    transaction: {
      title: 'Transaction queries',
      text: "getTransaction(hash) returns the explorer's record of a mined transaction: status, block, sender and recipient, value and fee, type and token transfer.",
    },
    block: {
      title: 'Block queries',
      text: 'getLatestBlockNumber() asks the node for the newest block number; getBlock(numberOrHash) returns a block with its transactions.',
    },
    address: {
      title: 'Address checks',
      text: 'checkaddress(address) tells whether a string is a valid r… (or 0x…) address; a checksummed address with a typo is not. getAddressbyprivateKey(privateKey) gives the r… address a key controls, computed locally.',
    },
  },
} as const);

/** The /Api page's section on Blockscout's REST API v2 (server/api/routes/blockscoutV2.ts). */
export const BLOCKSCOUT_DOCS_TEXTS = defineTexts('docs.blockscout', {
  title: 'Blockscout REST API v2',
  intro:
    'The same data in the paths and shapes of Blockscout’s REST API v2, for tools built for Blockscout: answers follow Blockscout’s published OpenAPI, addresses are 0x… with EIP-55 checksums, lists page with next_page_params (pass it back as the query), and bad input answers 422 or 404 as Blockscout does.',
  endpoints: 'Endpoints, under the base URL:',
  whatsabi: 'whatsabi reads verified ABIs and sources from it, unmodified:',
} as const);
