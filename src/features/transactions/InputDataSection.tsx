/**
 * Input data of a transaction: the function and its named, typed arguments as the API
 * decoded them (the called contract's verified ABI, its implementation's behind a proxy, or a
 * standard signature), with a toggle to the raw hex. Undecodable input shows the raw hex only.
 */
import { useState } from 'react';
import type { InputArg, InputData } from '../../../common/api/proxy';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { CodeBlock } from '../../ui/CodeBlock';
import { INPUT_TEXTS } from './inputDataTexts';
import './inputData.css';

function ArgValue({ arg }: { arg: InputArg }) {
  if (arg.type === 'address' && typeof arg.value === 'string') return <Address value={arg.value} lead="full" copy="detail" />;
  if (arg.type === 'address[]' && Array.isArray(arg.value)) {
    return (
      <ol className="input-data__list">
        {(arg.value as unknown[]).map((a, i) => (
          <li key={i}>{typeof a === 'string' ? <Address value={a} lead="full" href={urls.address(a)} copy="detail" /> : String(a)}</li>
        ))}
      </ol>
    );
  }
  return (
    <span className="mono input-data__value" translate="no">
      {typeof arg.value === 'string' ? arg.value : JSON.stringify(arg.value)}
    </span>
  );
}

function Decoded({ data }: { data: InputData }) {
  return (
    <div className="input-data__decoded">
      <p>
        <span className="muted">{INPUT_TEXTS.function}: </span>
        <code className="input-data__sig">{data.signature}</code> <span className="muted">({INPUT_TEXTS.sources[data.source]})</span>
      </p>
      {data.args.length === 0 ? (
        <p className="muted">{INPUT_TEXTS.noArgs}</p>
      ) : (
        <table className="input-data__table">
          <caption className="visually-hidden">{INPUT_TEXTS.args}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{INPUT_TEXTS.name}</th>
              <th scope="col">{INPUT_TEXTS.type}</th>
              <th scope="col">{INPUT_TEXTS.value}</th>
            </tr>
          </thead>
          <tbody>
            {data.args.map((a, i) => (
              <tr key={i}>
                <td>{i}</td>
                <td translate="no">{a.name}</td>
                <td className="mono" translate="no">
                  {a.type}
                </td>
                <td>
                  <ArgValue arg={a} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export function InputDataSection({ input, inputData }: { input: string; inputData: InputData | null | undefined }) {
  const [view, setView] = useState<'decoded' | 'raw'>('decoded');
  if (!input || input === '0x') return null;
  const shown = inputData ? view : 'raw';
  return (
    <section className="panel input-data" aria-labelledby="input-data-title">
      <div className="input-data__head">
        <h2 id="input-data-title">{INPUT_TEXTS.title}</h2>
        {inputData && (
          <div role="group" aria-label={INPUT_TEXTS.views} className="input-data__views">
            <button type="button" className="btn btn--small" aria-pressed={shown === 'decoded'} onClick={() => setView('decoded')}>
              {INPUT_TEXTS.decoded}
            </button>
            <button type="button" className="btn btn--small" aria-pressed={shown === 'raw'} onClick={() => setView('raw')}>
              {INPUT_TEXTS.raw}
            </button>
          </div>
        )}
      </div>
      {!inputData && <p className="muted">{INPUT_TEXTS.undecoded}</p>}
      {shown === 'decoded' && inputData ? (
        <Decoded data={inputData} />
      ) : (
        <CodeBlock label={INPUT_TEXTS.raw} code={input} copyLabel={INPUT_TEXTS.copyRaw} toast="detail" />
      )}
    </section>
  );
}
