/**
 * One write function as a form (writeContractMachine): a field per ABI input labelled with its
 * type (arrays and tuples as JSON; integers with the 18-decimal unit box), the RUBY value of a
 * payable function, the signer, then the unlock / confirm / result steps under it. Every step is a
 * native control, and focus moves to the next step's control, so the keyboard alone gets through.
 */
import { useMachine } from '@xstate/react';
import { useId, type FormEvent } from 'react';
import { isIntegerType, isJsonType } from '../../lib/abiInput';
import type { WriteFunction } from '../../lib/abiFunctions';
import { appWriteContractMachine } from '../../app/actors/writeContract';
import { NO_SIGNER, type SignerKind } from '../../machines/writeContractTypes';
import { Address } from '../../ui/Address';
import { WriteResult } from './WriteResult';
import { WRITE_TEXTS } from './writeTexts';

interface Props {
  contract: string;
  abi: readonly unknown[];
  fn: WriteFunction;
  index: number;
  machine?: typeof appWriteContractMachine;
}

const BUSY = ['detecting', 'connecting', 'estimating', 'sending', 'pending'] as const;

export function WriteFunctionForm({ contract, abi, fn, index, machine = appWriteContractMachine }: Props) {
  const id = useId();
  const [state, send] = useMachine(machine, { input: { contract, abi, fn } });
  const c = state.context;
  const busy = BUSY.some((s) => state.matches(s)) || state.matches('confirming') || state.matches('unlocking');
  const showErrors = !state.matches('detecting');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'write.submit' });
  };
  const signerChoices: SignerKind[] = [
    ...(c.signers.web ? (['web'] as const) : []),
    ...(c.signers.injected ? (['injected'] as const) : []),
  ];

  return (
    <div className="read-fn write-fn">
      <form onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
        <h4 id={`${id}-title`}>
          {/* the contract's names (translate="no"); the payable note is a text */}
          {index + 1}. <span translate="no">{fn.name}</span>
          {fn.stateMutability === 'payable' && <span className="muted"> {WRITE_TEXTS.payable}</span>}
        </h4>
        {fn.inputs.map((p, i) => {
          const err = showErrors ? c.fieldErrors[i] : null;
          const errId = `${id}-err-${i}`;
          return (
            <div key={i} className="read-fn__input">
              <label htmlFor={`${id}-arg-${i}`}>
                <span translate="no">{p.name || `arg${i + 1}`}</span>{' '}
                <span className="muted">
                  ({p.type}
                  {isJsonType(p.type) ? `, ${WRITE_TEXTS.asJson}` : ''})
                </span>
              </label>
              <input
                id={`${id}-arg-${i}`}
                type="text"
                value={c.args[i] ?? ''}
                spellCheck={false}
                autoComplete="off"
                placeholder={p.type}
                disabled={busy}
                aria-invalid={err ? true : undefined}
                aria-describedby={err ? errId : undefined}
                onChange={(e) => send({ type: 'arg.change', index: i, value: e.target.value })}
              />
              {isIntegerType(p.type) && (
                <label className="write-fn__unit">
                  <input
                    type="checkbox"
                    checked={c.units[i] ?? false}
                    disabled={busy}
                    onChange={(e) => send({ type: 'arg.unit', index: i, on: e.target.checked })}
                  />{' '}
                  {WRITE_TEXTS.unit}
                </label>
              )}
              {err && (
                <span id={errId} className="read-fn__error">
                  {err}
                </span>
              )}
            </div>
          );
        })}
        {fn.stateMutability === 'payable' && (
          <div className="read-fn__input">
            <label htmlFor={`${id}-value`}>{WRITE_TEXTS.valueLabel}</label>
            <input
              id={`${id}-value`}
              type="text"
              inputMode="decimal"
              value={c.value}
              autoComplete="off"
              placeholder="0"
              disabled={busy}
              aria-invalid={showErrors && c.valueError ? true : undefined}
              aria-describedby={showErrors && c.valueError ? `${id}-value-err` : undefined}
              onChange={(e) => send({ type: 'value.change', value: e.target.value })}
            />
            {showErrors && c.valueError && (
              <span id={`${id}-value-err`} className="read-fn__error">
                {c.valueError}
              </span>
            )}
          </div>
        )}
        {signerChoices.length > 1 && (
          <fieldset className="write-fn__signer" disabled={busy}>
            <legend>{WRITE_TEXTS.signWith}</legend>
            {signerChoices.map((k) => (
              <label key={k}>
                <input
                  type="radio"
                  name={`${id}-signer`}
                  checked={c.signer === k}
                  onChange={() => send({ type: 'signer.choose', signer: k })}
                />{' '}
                {k === 'web' ? WRITE_TEXTS.webWallet : WRITE_TEXTS.injected}
                {k === 'web' && c.signers.web && (
                  <>
                    {' '}
                    <Address value={c.signers.web.address} copy={false} />
                  </>
                )}
              </label>
            ))}
          </fieldset>
        )}
        {signerChoices.length === 1 && c.signer === 'web' && c.signers.web && (
          <p className="muted write-fn__line">
            {WRITE_TEXTS.signWithWeb} <Address value={c.signers.web.address} copy={false} />
          </p>
        )}
        {signerChoices.length === 1 && c.signer === 'injected' && <p className="muted write-fn__line">{WRITE_TEXTS.signWithInjected}</p>}
        {state.matches('invalid') && (
          <p role="alert" className="read-fn__error">
            {c.message === NO_SIGNER ? WRITE_TEXTS.noSigner : WRITE_TEXTS.formProblems}
          </p>
        )}
        <button type="submit" className="btn btn--small" disabled={busy}>
          {WRITE_TEXTS.write1}
        </button>
      </form>
      {state.matches('unlocking') && (
        <form
          className="write-fn__unlock"
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'unlock.submit' });
          }}
        >
          <p className="write-fn__line">{WRITE_TEXTS.unlockTitle}</p>
          <div className="read-fn__input">
            <label htmlFor={`${id}-password`}>{WRITE_TEXTS.password}</label>
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
              {WRITE_TEXTS.unlock}
            </button>
            <button type="button" className="btn btn--small" onClick={() => send({ type: 'write.cancel' })}>
              {WRITE_TEXTS.cancel}
            </button>
          </div>
        </form>
      )}
      <WriteResult state={state} send={send} />
    </div>
  );
}
