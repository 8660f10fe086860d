/**
 * Event log cards (the Logs tab and the address page's Events list): per log its index, emitting
 * address, the decoded event (name, then each argument's name, type and value) when the server
 * could decode it, and always the raw topics and data.
 */
import type { DecodedLog, LogItem } from '../../common/api/logs';
import { Address } from './Address';
import { Hash } from './Hash';
import { LOG_TEXTS } from './logTexts';
import './logs.css';

function Decoded({ decoded }: { decoded: DecodedLog }) {
  return (
    <>
      <dt>{LOG_TEXTS.name}</dt>
      <dd>
        <span className="log-event mono">
          {decoded.name}(
          {decoded.args.map((a) => `${a.indexed ? `${a.type} ${LOG_TEXTS.indexed}` : a.type}${a.name ? ` ${a.name}` : ''}`).join(', ')})
        </span>{' '}
        <span className="muted log-source">{decoded.source === 'verified' ? LOG_TEXTS.verifiedAbi : LOG_TEXTS.standardAbi}</span>
        <table className="log-args">
          <thead>
            <tr>
              <th scope="col">{LOG_TEXTS.argName}</th>
              <th scope="col">{LOG_TEXTS.argType}</th>
              <th scope="col">{LOG_TEXTS.argValue}</th>
            </tr>
          </thead>
          <tbody>
            {decoded.args.map((a, i) => (
              <tr key={i}>
                <td className="mono" translate="no">
                  {a.name || `#${i}`}
                </td>
                <td className="mono">
                  {a.type}
                  {a.indexed ? ` (${LOG_TEXTS.indexed})` : ''}
                </td>
                <td className="mono log-value" translate="no">
                  {a.type === 'address' ? <Address value={a.value} lead="full" copy="detail" /> : a.value}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </dd>
    </>
  );
}

/** `showTx`: the Events list also says which transaction and block each log came from. */
export function LogList({ logs, caption, showTx = false }: { logs: readonly LogItem[]; caption: string; showTx?: boolean }) {
  return (
    <ol className="log-list" aria-label={caption}>
      {logs.map((l) => (
        <li key={`${l.blockNumber}-${l.logIndex}`} className="log-card">
          <span className="log-index mono" aria-label={LOG_TEXTS.logIndex(l.logIndex)}>
            {l.logIndex}
          </span>
          <dl className="log-fields">
            {showTx && (
              <>
                <dt>{LOG_TEXTS.txn}</dt>
                <dd>
                  <Hash value={l.hash} copy="detail" />{' '}
                  <span className="muted">
                    {LOG_TEXTS.block} {l.blockNumber}
                  </span>
                </dd>
              </>
            )}
            <dt>{LOG_TEXTS.address}</dt>
            <dd>
              <Address value={l.address} lead="full" copy="detail" />
            </dd>
            {l.decoded ? (
              <Decoded decoded={l.decoded} />
            ) : (
              <>
                <dt>{LOG_TEXTS.name}</dt>
                <dd className="muted">{LOG_TEXTS.raw}</dd>
              </>
            )}
            <dt>{LOG_TEXTS.topics}</dt>
            <dd>
              <ol className="log-topics mono" start={0}>
                {l.topics.map((t, i) => (
                  <li key={i}>{t}</li>
                ))}
              </ol>
            </dd>
            <dt>{LOG_TEXTS.data}</dt>
            <dd className="mono log-data">{l.data}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
