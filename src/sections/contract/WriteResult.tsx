/**
 * What a write became, under its form: the estimate to confirm, the transaction hash (linked to its
 * page) while it is mined, then its status and decoded events; or why nothing was sent.
 */
import type { SnapshotFrom } from 'xstate';
import { formatCount, formatFee } from '../../lib/amount';
import { keepTerms } from '../../lib/keepTerms';
import { shownData } from '../../lib/serverMessages';
import type { writeContractMachine } from '../../machines/writeContractMachine';
import type { WriteEvent } from '../../machines/writeContractTypes';
import { Address } from '../../ui/Address';
import { Hash } from '../../ui/Hash';
import { LogList } from '../../ui/LogList';
import { WRITE_TEXTS } from './writeTexts';

type Snapshot = SnapshotFrom<typeof writeContractMachine>;

function HashLine({ hash }: { hash: string }) {
  return (
    <p className="write-fn__hash">
      <span className="muted">{WRITE_TEXTS.hash}: </span>
      <Hash value={hash} display="full" copy="detail" />
    </p>
  );
}

function Dismiss({ send }: { send: (e: WriteEvent) => void }) {
  return (
    <button type="button" className="btn btn--small write-fn__dismiss" onClick={() => send({ type: 'write.cancel' })}>
      {WRITE_TEXTS.dismiss}
    </button>
  );
}

export function WriteResult({ state, send }: { state: Snapshot; send: (e: WriteEvent) => void }) {
  const c = state.context;
  if (state.matches('confirming')) {
    const gas = BigInt(c.gasLimit ?? '0');
    const fee = gas * BigInt(c.maxFeePerGas ?? '0');
    return (
      <div className="write-fn__confirm" role="group" aria-label={WRITE_TEXTS.confirm}>
        <dl className="write-fn__facts">
          <dt>{WRITE_TEXTS.from}</dt>
          <dd>{c.from && <Address value={c.from} lead="full" copy="detail" />}</dd>
          <dt>{WRITE_TEXTS.estimate}</dt>
          <dd className="mono">{WRITE_TEXTS.gasUnit(formatCount(gas))}</dd>
          <dt>{WRITE_TEXTS.maxFee}</dt>
          <dd className="mono">{WRITE_TEXTS.rubyUnit(formatFee(fee))}</dd>
        </dl>
        <div className="write-fn__actions">
          {/* The next step of a keyboard user: focus lands on the button that sends. */}
          <button type="button" className="btn btn--primary btn--small" autoFocus onClick={() => send({ type: 'write.confirm' })}>
            {WRITE_TEXTS.confirm}
          </button>
          <button type="button" className="btn btn--small" onClick={() => send({ type: 'write.cancel' })}>
            {WRITE_TEXTS.cancel}
          </button>
        </div>
      </div>
    );
  }
  if (state.matches('connecting') || state.matches('estimating') || state.matches('sending')) {
    const text = state.matches('connecting')
      ? WRITE_TEXTS.connecting
      : state.matches('estimating')
        ? WRITE_TEXTS.estimating
        : WRITE_TEXTS.sending;
    return (
      <p className="write-note write-note--info" role="status">
        {text}
      </p>
    );
  }
  if (state.matches('pending')) {
    return (
      <div role="status">
        <p className="write-note write-note--info">{WRITE_TEXTS.pending}</p>
        {c.hash && <HashLine hash={c.hash} />}
      </div>
    );
  }
  if (state.matches('mined') || state.matches('minedFailed')) {
    const ok = state.matches('mined');
    return (
      <div className="write-fn__mined">
        <p className={`write-note ${ok ? 'write-note--success' : 'write-note--danger'}`} role={ok ? 'status' : 'alert'}>
          {ok ? WRITE_TEXTS.mined : WRITE_TEXTS.minedFailed}
        </p>
        {c.hash && <HashLine hash={c.hash} />}
        {ok &&
          (c.logs.length > 0 ? <LogList logs={c.logs} caption={WRITE_TEXTS.events} /> : <p className="muted">{WRITE_TEXTS.noEvents}</p>)}
        <Dismiss send={send} />
      </div>
    );
  }
  if (state.matches('reverted')) {
    return (
      <div className="write-fn__mined">
        <div className="write-note write-note--danger" role="alert">
          <p className="write-fn__line">{WRITE_TEXTS.reverted}</p>
          <p className="write-fn__line">
            {WRITE_TEXTS.reason}: <span className="mono">{c.message}</span>
          </p>
        </div>
        <Dismiss send={send} />
      </div>
    );
  }
  if (state.matches('failed')) {
    return (
      <div className="write-fn__mined">
        <div className="write-note write-note--danger" role="alert">
          <p className="write-fn__line">
            {WRITE_TEXTS.failed}: {c.message && keepTerms(c.message, shownData(c.message))}
          </p>
        </div>
        {c.hash && <HashLine hash={c.hash} />}
        <Dismiss send={send} />
      </div>
    );
  }
  return null;
}
