/**
 * The Verify page's form: the input kind (single file, multi-file upload, standard JSON), the
 * sources, the contract, the compiler (a searchable list, keyboard-first), optimizer, runs and EVM
 * version, and the constructor arguments' note (they come from the chain). Every change is a
 * machine event; the form is read-only while a verification runs.
 */
import { useId, type FormEvent } from 'react';
import type { VerifyOptions } from '../../../common/api/verifyOptions';
import { contractIdentifiers, formSources, type SourceFile, type VerifyInputKind } from '../../lib/verifyInput';
import type { VerifyEvent, VerifyTextField, verifyMachine } from '../../machines/verifyMachine';
import { Combobox, type ComboOption } from '../../ui/Combobox';
import { Hash } from '../../ui/Hash';
import type { SnapshotFrom } from 'xstate';
import { VERIFY_TEXTS } from './texts';

interface VerifyFormProps {
  snapshot: SnapshotFrom<typeof verifyMachine>;
  send: (e: VerifyEvent) => void;
  options: VerifyOptions | null;
  optionsFailed: boolean;
  creationTx: string | null;
}

/** The input kinds with their labels, read while rendering (the labels follow the language). */
const kinds = (): ReadonlyArray<[VerifyInputKind, string]> => [
  ['single', VERIFY_TEXTS.kindSingle],
  ['multi', VERIFY_TEXTS.kindMulti],
  ['json', VERIFY_TEXTS.kindJson],
];

const readFiles = (list: FileList | null): Promise<SourceFile[]> =>
  Promise.all([...(list ?? [])].map(async (f) => ({ name: f.webkitRelativePath || f.name, content: await f.text() })));

export function VerifyForm({ snapshot, send, options, optionsFailed, creationTx }: VerifyFormProps) {
  const id = useId();
  const f = snapshot.context.form;
  const busy = snapshot.matches('submitting') || snapshot.matches('polling') || snapshot.matches('waiting') || snapshot.matches('verified');
  const change = (field: VerifyTextField) => (e: { target: { value: string } }) =>
    send({ type: 'field.change', field, value: e.target.value });
  const sources = formSources(f);
  const identifiers = typeof sources === 'string' ? [] : contractIdentifiers(sources);
  const compilers: ComboOption[] = (options?.compilers ?? []).map((c) => ({
    value: c.name,
    ...(c.source === 'release' ? {} : { note: c.source }),
  }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'verify.submit' });
  };
  const json = f.kind === 'json';

  return (
    <form className="panel verify-form" onSubmit={onSubmit} noValidate aria-busy={busy}>
      <fieldset className="verify-form__kinds" disabled={busy}>
        <legend>{VERIFY_TEXTS.inputKind}</legend>
        {kinds().map(([kind, label]) => (
          <label key={kind} className="verify-form__kind">
            <input type="radio" name={`${id}-kind`} checked={f.kind === kind} onChange={() => send({ type: 'kind.select', kind })} />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset className="verify-form__sources" disabled={busy}>
        {f.kind === 'single' && (
          <>
            <div className="verify-form__field">
              <label htmlFor={`${id}-file`}>{VERIFY_TEXTS.fileName}</label>
              <input id={`${id}-file`} type="text" value={f.fileName} onChange={change('fileName')} spellCheck={false} autoComplete="off" />
            </div>
            <div className="verify-form__field">
              <label htmlFor={`${id}-src`}>{VERIFY_TEXTS.sourceCode}</label>
              <textarea
                id={`${id}-src`}
                rows={14}
                value={f.source}
                onChange={change('source')}
                spellCheck={false}
                translate="no"
                className="verify-form__code"
              />
            </div>
          </>
        )}
        {f.kind === 'multi' && (
          <div className="verify-form__field">
            <label htmlFor={`${id}-files`}>{VERIFY_TEXTS.files}</label>
            <input
              id={`${id}-files`}
              type="file"
              multiple
              accept=".sol"
              onChange={(e) => void readFiles(e.target.files).then((files) => send({ type: 'files.set', files }))}
            />
            <p className="muted" aria-live="polite">
              {f.files.length === 0 ? VERIFY_TEXTS.noFiles : `${VERIFY_TEXTS.filesChosen}: ${f.files.map((s) => s.name).join(', ')}`}
            </p>
          </div>
        )}
        {json && (
          <div className="verify-form__field">
            <label htmlFor={`${id}-json`}>{VERIFY_TEXTS.jsonInput}</label>
            <textarea
              id={`${id}-json`}
              rows={14}
              value={f.json}
              onChange={change('json')}
              spellCheck={false}
              translate="no"
              className="verify-form__code"
              aria-describedby={`${id}-json-hint`}
            />
            <small id={`${id}-json-hint`} className="muted">
              {VERIFY_TEXTS.jsonHint}
            </small>
            <label className="verify-form__load">
              {VERIFY_TEXTS.loadFile}{' '}
              <input
                type="file"
                accept=".json,application/json"
                onChange={(e) =>
                  void readFiles(e.target.files).then((files) =>
                    send({ type: 'field.change', field: 'json', value: files[0]?.content ?? '' }),
                  )
                }
              />
            </label>
          </div>
        )}
      </fieldset>
      <fieldset className="verify-form__settings" disabled={busy}>
        <div className="verify-form__field">
          <label htmlFor={`${id}-contract`}>{VERIFY_TEXTS.contractName}</label>
          <select id={`${id}-contract`} value={f.contract} onChange={change('contract')}>
            <option value="">
              {VERIFY_TEXTS.contractAuto}
              {identifiers.length > 0 ? ` (${identifiers.at(-1)})` : ''}
            </option>
            {identifiers.map((c) => (
              <option key={c} value={c} translate="no">
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="verify-form__field">
          <label htmlFor={`${id}-solc`}>{VERIFY_TEXTS.compiler}</label>
          <Combobox
            id={`${id}-solc`}
            value={f.compilerVersion}
            options={compilers}
            onChange={(value) => send({ type: 'field.change', field: 'compilerVersion', value })}
            placeholder="v0.8.20+commit.a1b79de6"
            emptyText={VERIFY_TEXTS.noCompiler}
            describedBy={`${id}-solc-hint`}
          />
          <small id={`${id}-solc-hint`} className="muted">
            {VERIFY_TEXTS.compilerHint}
            {options && !options.releasesListed ? ` ${VERIFY_TEXTS.compilerOffline}` : ''}
            {optionsFailed ? ` ${VERIFY_TEXTS.optionsFailed}` : ''}
          </small>
        </div>
        <div className="verify-form__row">
          <label className="verify-form__check">
            <input
              type="checkbox"
              checked={f.optimizer}
              disabled={json}
              onChange={(e) => send({ type: 'optimizer.set', value: e.target.checked })}
            />
            {VERIFY_TEXTS.optimizer}
          </label>
          <div className="verify-form__field verify-form__field--narrow">
            <label htmlFor={`${id}-runs`}>{VERIFY_TEXTS.runs}</label>
            <input
              id={`${id}-runs`}
              type="text"
              inputMode="numeric"
              value={f.runs}
              onChange={change('runs')}
              disabled={json || !f.optimizer}
            />
          </div>
          <div className="verify-form__field verify-form__field--narrow">
            <label htmlFor={`${id}-evm`}>{VERIFY_TEXTS.evmVersion}</label>
            <select id={`${id}-evm`} value={f.evmVersion} onChange={change('evmVersion')} disabled={json}>
              <option value="">{VERIFY_TEXTS.evmDefault}</option>
              {(options?.evmVersions ?? []).map((v) => (
                <option key={v} value={v}>
                  {v}
                </option>
              ))}
            </select>
          </div>
        </div>
        {json && <p className="muted verify-form__from-json">{VERIFY_TEXTS.fromJson}</p>}
      </fieldset>
      <section className="verify-form__args" aria-labelledby={`${id}-args`}>
        <h2 id={`${id}-args`}>{VERIFY_TEXTS.constructorArgs}</h2>
        <p className="muted">{VERIFY_TEXTS.argsFromChain}</p>
        <div className="verify-form__field">
          <label htmlFor={`${id}-args-in`}>{VERIFY_TEXTS.argsClaimed}</label>
          <input
            id={`${id}-args-in`}
            type="text"
            value={f.constructorArgs}
            onChange={change('constructorArgs')}
            disabled={busy}
            spellCheck={false}
            autoComplete="off"
            placeholder="0x…"
            aria-describedby={`${id}-args-hint`}
          />
          <small id={`${id}-args-hint`} className="muted">
            {VERIFY_TEXTS.argsClaimedHint}
          </small>
        </div>
        {creationTx && (
          <p>
            {VERIFY_TEXTS.creationTx} <Hash value={creationTx} copy="detail" />
          </p>
        )}
      </section>
      {snapshot.matches('invalid') && snapshot.context.message && (
        <p role="alert" className="verify-form__error">
          {snapshot.context.message}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {busy && !snapshot.matches('verified') ? VERIFY_TEXTS.busy : VERIFY_TEXTS.submit}
      </button>
    </form>
  );
}
