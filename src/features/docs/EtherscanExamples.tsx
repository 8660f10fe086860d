/**
 * The Etherscan-compatible API on /Api (Contract section): per module and action, an example
 * request and the real answer a devnet gave (etherscanExamples.json, written and checked by
 * tests/server/api/etherscanDocsExamples.test.ts).
 */
import { useState } from 'react';
import { CodeBlock } from '../../ui/CodeBlock';
import captured from './etherscanExamples.json';
import { API_DOCS_TEXTS as T } from './texts';
import { mixedText } from '../../ui/MixedText';

interface Example {
  request: string;
  response: unknown;
}
const ACTIONS = Object.entries((captured as { actions: Record<string, Example> }).actions);

/** The 33 cards are rendered on demand: the Contract section stays light until asked. */
export function EtherscanExamples({ baseUrl }: { baseUrl: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="etherscan-examples" aria-labelledby="etherscan-examples-title">
      <h3 id="etherscan-examples-title">{T.etherscanTitle}</h3>
      {T.etherscanIntro.map((p) => (
        <p key={p}>{mixedText(p)}</p>
      ))}
      <button type="button" className="btn btn--small" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? T.etherscanHide : T.etherscanShow(ACTIONS.length)}
      </button>
      {open &&
        ACTIONS.map(([key, ex]) => {
          const [module, action] = key.split('.') as [string, string];
          return (
            <article key={key} className="operation-card" aria-label={`module=${module} action=${action}`}>
              <h4 className="mono" translate="no">
                module={module} action={action}
              </h4>
              <CodeBlock
                code={`curl "${baseUrl}${ex.request}&apikey=${T.keyPlaceholder}"`}
                label={`${T.exampleRequest}: ${key}`}
                language="shell"
              />
              <CodeBlock code={JSON.stringify(ex.response, null, 2)} label={`${T.exampleResponse}: ${key}`} language="json" />
            </article>
          );
        })}
    </section>
  );
}
