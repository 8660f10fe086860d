/**
 * /rubyWeb3Docs: the rubyweb3 package (packages/rubyweb3). The code shown is the package's
 * example files themselves (imported as text), which its tests run against a devnet, so every
 * example on this page is known to work.
 */
import { SCREEN_TITLES } from '../../../common/spec';
import addressChecksSrc from '../../../packages/rubyweb3/examples/addressChecks.ts?raw';
import balanceSrc from '../../../packages/rubyweb3/examples/balance.ts?raw';
import blockSrc from '../../../packages/rubyweb3/examples/block.ts?raw';
import connectSrc from '../../../packages/rubyweb3/examples/connect.ts?raw';
import createWalletSrc from '../../../packages/rubyweb3/examples/createWallet.ts?raw';
import sendCoinSrc from '../../../packages/rubyweb3/examples/sendCoin.ts?raw';
import sendTokenSrc from '../../../packages/rubyweb3/examples/sendToken.ts?raw';
import transactionSrc from '../../../packages/rubyweb3/examples/transaction.ts?raw';
import { PageTitle } from '../../ui/PageTitle';
import { CodeBlock } from '../../ui/CodeBlock';
import { API_KEY_FACT, WEB3_DOCS_TEXTS as T } from './texts';
import './docs.css';

interface Topic {
  id: string;
  title: string;
  /** Operations the section documents (named as the package names them). */
  operations: string[];
  text: string;
  code: string;
  file: string;
}

export const WEB3_TOPICS: readonly Topic[] = [
  {
    id: 'connect',
    title: 'Connect',
    operations: ['new RubyWeb3'],
    file: 'connect.ts',
    code: connectSrc,
    text: `Create one RubyWeb3 object with the explorer API URL (…/api) and the node's JSON-RPC URL. ${API_KEY_FACT}`,
  },
  {
    id: 'wallet',
    title: 'Wallet creation',
    operations: ['createWallet'],
    file: 'createWallet.ts',
    code: createWalletSrc,
    text: 'createWallet() makes a new random wallet locally and returns its r… address, private key and 12-word recovery phrase.',
  },
  {
    id: 'balance',
    title: 'Balance',
    operations: ['getBalance'],
    file: 'balance.ts',
    code: balanceSrc,
    text: 'getBalance(address) returns the RUBY balance, live from the node: an exact decimal string and the amount in wei as a bigint.',
  },
  {
    id: 'send-coin',
    title: 'Sending coins',
    operations: ['sendCoin', 'waitForTransaction'],
    file: 'sendCoin.ts',
    code: sendCoinSrc,
    text: 'sendCoin({ privateKey, to, amount }) signs a transfer locally and sends it to the node; amount is RUBY as a decimal string (or wei as a bigint). waitForTransaction(hash) resolves when it is mined; with { indexed: true }, once the explorer has it too.',
  },
  {
    id: 'send-token',
    title: 'Sending tokens',
    operations: ['sendToken', 'tokenBalance'],
    file: 'sendToken.ts',
    code: sendTokenSrc,
    text: "sendToken({ privateKey, to, token, amount }) calls the RBC20 contract's transfer with the amount in whole tokens (the token's decimals are read from the contract). tokenBalance(address, token) reads a token balance.",
  },
  {
    id: 'transaction',
    title: 'Transaction queries',
    operations: ['getTransaction'],
    file: 'transaction.ts',
    code: transactionSrc,
    text: "getTransaction(hash) returns the explorer's record of a mined transaction: status, block, sender and recipient, value and fee, type and token transfer.",
  },
  {
    id: 'block',
    title: 'Block queries',
    operations: ['getLatestBlockNumber', 'getBlock'],
    file: 'block.ts',
    code: blockSrc,
    text: 'getLatestBlockNumber() asks the node for the newest block number; getBlock(numberOrHash) returns a block with its transactions.',
  },
  {
    id: 'address',
    title: 'Address checks',
    operations: ['checkaddress', 'getAddressbyprivateKey'],
    file: 'addressChecks.ts',
    code: addressChecksSrc,
    text: 'checkaddress(address) tells whether a string is a valid r… (or 0x…) address; a checksummed address with a typo is not. getAddressbyprivateKey(privateKey) gives the r… address a key controls, computed locally.',
  },
];

const INSTALL = `# in the Ruby Explorer repository: build and pack the package
cd packages/rubyweb3
npm run build
npm pack                      # → rubyweb3-0.1.0.tgz

# in your project (Node.js 20 or later, ESM)
npm install /path/to/rubyweb3-0.1.0.tgz ethers`;

export function RubyWeb3DocsPage() {
  return (
    <section className="page web3-docs">
      <PageTitle>{SCREEN_TITLES.rubyWeb3Docs}</PageTitle>
      <p>{T.intro}</p>
      <nav className="web3-toc" aria-label={T.tocLabel}>
        <ul>
          <li>
            <a href="#install">Install</a>
          </li>
          {WEB3_TOPICS.map((t) => (
            <li key={t.id}>
              <a href={`#${t.id}`}>{t.title}</a>
            </li>
          ))}
          <li>
            <a href="#errors">{T.errorsTitle}</a>
          </li>
        </ul>
      </nav>

      <section id="install" aria-labelledby="install-title">
        <h2 id="install-title">{T.installTitle}</h2>
        <CodeBlock label="Install rubyweb3" language="shell" code={INSTALL} />
        <p>
          {T.installNote} {T.examplesNote}
        </p>
      </section>

      {WEB3_TOPICS.map((t) => (
        <section key={t.id} id={t.id} aria-labelledby={`${t.id}-title`}>
          <h2 id={`${t.id}-title`}>{t.title}</h2>
          <p className="web3-ops">
            {t.operations.map((o, i) => (
              <span key={o}>
                {i > 0 && ', '}
                <code>{o}</code>
              </span>
            ))}
          </p>
          <p>{t.text}</p>
          <CodeBlock label={`Example: ${t.title} (${t.file})`} language="typescript" code={t.code.trim()} />
        </section>
      ))}

      <section id="errors" aria-labelledby="errors-title">
        <h2 id="errors-title">{T.errorsTitle}</h2>
        <p>{T.errorsText}</p>
      </section>
    </section>
  );
}
