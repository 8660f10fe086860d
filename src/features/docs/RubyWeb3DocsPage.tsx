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
import { API_DOCS_TEXTS, WEB3_DOCS_TEXTS as T, WEB3_TOPIC_TEXTS as W } from './texts';
import './docs.css';
import { mixedText } from '../../ui/MixedText';

type TopicKey = keyof typeof W.topics;

interface Topic {
  id: string;
  /** Its title and text in WEB3_TOPIC_TEXTS.topics (read while rendering). */
  key: TopicKey;
  /** Operations the section documents (named as the package names them). */
  operations: string[];
  code: string;
  file: string;
}

export const WEB3_TOPICS: readonly Topic[] = [
  { id: 'connect', key: 'connect', operations: ['new RubyWeb3'], file: 'connect.ts', code: connectSrc },
  { id: 'wallet', key: 'wallet', operations: ['createWallet'], file: 'createWallet.ts', code: createWalletSrc },
  { id: 'balance', key: 'balance', operations: ['getBalance'], file: 'balance.ts', code: balanceSrc },
  { id: 'send-coin', key: 'sendCoin', operations: ['sendCoin', 'waitForTransaction'], file: 'sendCoin.ts', code: sendCoinSrc },
  { id: 'send-token', key: 'sendToken', operations: ['sendToken', 'tokenBalance'], file: 'sendToken.ts', code: sendTokenSrc },
  { id: 'transaction', key: 'transaction', operations: ['getTransaction'], file: 'transaction.ts', code: transactionSrc },
  { id: 'block', key: 'block', operations: ['getLatestBlockNumber', 'getBlock'], file: 'block.ts', code: blockSrc },
  {
    id: 'address',
    key: 'address',
    operations: ['checkaddress', 'getAddressbyprivateKey'],
    file: 'addressChecks.ts',
    code: addressChecksSrc,
  },
];

/** A topic's title and text in the active language; Connect also says what an API key is for. */
function topicTexts(t: Topic): { title: string; text: string } {
  const { title, text } = W.topics[t.key];
  return { title, text: t.key === 'connect' ? `${text} ${API_DOCS_TEXTS.keyNeeded}` : text };
}

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
      <p>{mixedText(T.intro)}</p>
      <nav className="web3-toc" aria-label={T.tocLabel}>
        <ul>
          <li>
            <a href="#install">{T.installTitle}</a>
          </li>
          {WEB3_TOPICS.map((t) => (
            <li key={t.id}>
              <a href={`#${t.id}`}>{topicTexts(t).title}</a>
            </li>
          ))}
          <li>
            <a href="#errors">{T.errorsTitle}</a>
          </li>
        </ul>
      </nav>

      <section id="install" aria-labelledby="install-title">
        <h2 id="install-title">{T.installTitle}</h2>
        <CodeBlock label={W.installLabel} language="shell" code={INSTALL} />
        <p>
          {mixedText(T.installNote)} {mixedText(T.examplesNote)}
        </p>
      </section>

      {WEB3_TOPICS.map((t) => {
        const { title, text } = topicTexts(t);
        return (
          <section key={t.id} id={t.id} aria-labelledby={`${t.id}-title`}>
            <h2 id={`${t.id}-title`}>{title}</h2>
            <p className="web3-ops" translate="no">
              {t.operations.map((o, i) => (
                <span key={o}>
                  {i > 0 && ', '}
                  <code>{o}</code>
                </span>
              ))}
            </p>
            <p>{mixedText(text)}</p>
            <CodeBlock label={W.exampleLabel(title, t.file)} language="typescript" code={t.code.trim()} />
          </section>
        );
      })}

      <section id="errors" aria-labelledby="errors-title">
        <h2 id="errors-title">{T.errorsTitle}</h2>
        <p>{mixedText(T.errorsText)}</p>
      </section>
    </section>
  );
}
