/**
 * The steps of revokeMachine under the Approvals table: the selection's "Revoke selected", the
 * web wallet's password, the fee to confirm (focus on Confirm, so the keyboard goes straight on),
 * the progress, and the result. Nothing is sent before Confirm.
 */
import { useId } from 'react';
import type { SnapshotFrom } from 'xstate';
import { formatWei } from '../../lib/amount';
import type { revokeMachine } from '../../machines/revokeMachine';
import type { RevokeEvent } from '../../machines/revokeTypes';
import { Hash } from '../../ui/Hash';
import { APPROVALS_TEXTS } from './texts';

interface Props {
  state: SnapshotFrom<typeof revokeMachine>;
  send: (e: RevokeEvent) => void;
}

export function RevokePanel({ state, send }: Props) {
  const id = useId();
  const T = APPROVALS_TEXTS;
  const c = state.context;
  const cancel = (label: string) => (
    <button type="button" className="btn btn--small" onClick={() => send({ type: 'revoke.cancel' })}>
      {label}
    </button>
  );
  return (
    <div className="revoke-panel">
      {state.matches('choosing') && (
        <div className="write-fn__actions">
          <button type="button" className="btn btn--primary btn--small" onClick={() => send({ type: 'revoke.selected' })}>
            {T.revokeSelected(c.selected.length)}
          </button>
          {cancel(T.clearSelection)}
        </div>
      )}
      {state.matches('unlocking') && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'unlock.submit' });
          }}
        >
          <div className="read-fn__input">
            <label htmlFor={`${id}-password`}>{T.password}</label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              autoFocus
              value={c.password}
              onChange={(e) => send({ type: 'password.change', value: e.target.value })}
            />
          </div>
          {c.message && (
            <p role="alert" className="read-fn__error">
              {c.message}
            </p>
          )}
          <div className="write-fn__actions">
            <button type="submit" className="btn btn--primary btn--small">
              {T.unlock}
            </button>
            {cancel(T.cancel)}
          </div>
        </form>
      )}
      {(state.matches('estimating') || state.matches('signing') || state.matches('pending')) && (
        <p role="status" className="write-fn__line">
          {state.matches('estimating') ? T.estimating : state.matches('signing') ? T.signing : T.pending}
          {state.matches('pending') && c.hashes.map((h) => <Hash key={h} value={h} />)}
        </p>
      )}
      {state.matches('confirming') && (
        <div role="group" aria-label={T.confirmTitle} className="write-fn__confirm">
          <p>{T.confirmText(c.txs.length, formatWei(c.fee ?? '0', { places: 8, trim: true }))}</p>
          <div className="write-fn__actions">
            <button type="button" className="btn btn--primary btn--small" autoFocus onClick={() => send({ type: 'revoke.confirm' })}>
              {T.confirm}
            </button>
            {cancel(T.cancel)}
          </div>
        </div>
      )}
      {state.matches('done') && (
        <div className="write-fn__actions">
          <p role="status">{T.done}</p>
          {cancel(T.dismiss)}
        </div>
      )}
      {state.matches('failed') && (
        <div className="write-fn__actions">
          <p role="alert" className="read-fn__error">
            {T.failed}: {c.message}
          </p>
          <button type="button" className="btn btn--primary btn--small" onClick={() => send({ type: 'revoke.selected' })}>
            {T.retry}
          </button>
          {cancel(T.dismiss)}
        </div>
      )}
    </div>
  );
}
