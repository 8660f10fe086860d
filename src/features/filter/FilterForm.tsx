/**
 * The advanced filter's form: every field of the filter (common/advancedFilter.ts), filled from the
 * URL and written back to it on Apply (the page then runs the filter the URL says). Checked before
 * it is applied, with the same rules and words as the API's 400s. Keyboard: a plain form in tab
 * order, Enter applies.
 */
import { useId, useState, type FormEvent } from 'react';
import { FILTER_KINDS, FilterError, parseFilter, type FilterKind, type FilterQuery } from '../../../common/advancedFilter';
import { FILTER_TEXTS as T } from './texts';

type Draft = Required<Omit<FilterQuery, 'cursor' | 'size' | 'kind'>> & { kinds: FilterKind[] };

function draftOf(q: FilterQuery): Draft {
  const kinds = (q.kind ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter((k): k is FilterKind => (FILTER_KINDS as readonly string[]).includes(k));
  return {
    from: q.from ?? '',
    to: q.to ?? '',
    mode: q.mode ?? 'and',
    method: q.method ?? '',
    token: q.token ?? '',
    kinds: kinds.length ? kinds : [...FILTER_KINDS],
    min: q.min ?? '',
    max: q.max ?? '',
    fromBlock: q.fromBlock ?? '',
    toBlock: q.toBlock ?? '',
    fromDate: q.fromDate ?? '',
    toDate: q.toDate ?? '',
    status: q.status ?? '',
  };
}

/** The query a draft writes: trimmed, empty fields and defaults left out. */
export function queryOfDraft(d: Draft): Record<string, string> {
  const all = d.kinds.length === FILTER_KINDS.length;
  const fields: Record<string, string> = {
    from: d.from,
    to: d.to,
    mode: d.mode === 'or' ? 'or' : '',
    method: d.method,
    token: d.token,
    kind: all ? '' : d.kinds.join(','),
    min: d.min,
    max: d.max,
    fromBlock: d.fromBlock,
    toBlock: d.toBlock,
    fromDate: d.fromDate,
    toDate: d.toDate,
    status: d.status,
  };
  return Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (v.trim() === '' ? [] : [[k, v.trim().replace(/\s*,\s*/g, ',')]])));
}

interface FilterFormProps {
  query: FilterQuery;
  onApply: (query: Record<string, string>) => void;
}

export function FilterForm({ query, onApply }: FilterFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(query));
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // The value is read in the handler, not in the updater: React may run the updater after it has put the
  // controlled input back to its old value (a render still pending), and the keystroke would be lost.
  const set = (k: keyof Draft) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setDraft((d) => ({ ...d, [k]: value }));
  };
  const toggle = (k: FilterKind) =>
    setDraft((d) => ({ ...d, kinds: d.kinds.includes(k) ? d.kinds.filter((x) => x !== k) : [...d.kinds, k] }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const q = queryOfDraft(draft);
    try {
      if (draft.kinds.length === 0) throw new FilterError(T.noKind);
      parseFilter(q);
    } catch (err) {
      if (err instanceof FilterError) return setError(err.message);
      throw err;
    }
    setError(null);
    onApply(q);
  };
  const clear = () => {
    setDraft(draftOf({}));
    setError(null);
    onApply({});
  };
  const text = (k: 'from' | 'to' | 'method' | 'token', hint: string) => (
    <div className="filter-field filter-field--wide">
      <label htmlFor={`${id}-${k}`}>{T[k]}</label>
      <input
        id={`${id}-${k}`}
        value={draft[k]}
        onChange={set(k)}
        aria-describedby={`${id}-${k}-hint`}
        spellCheck={false}
        autoComplete="off"
      />
      <small id={`${id}-${k}-hint`} className="muted">
        {hint}
      </small>
    </div>
  );
  const field = (k: 'min' | 'max' | 'fromBlock' | 'toBlock' | 'fromDate' | 'toDate', type: 'text' | 'date') => (
    <div className="filter-field">
      <label htmlFor={`${id}-${k}`}>{T[k]}</label>
      <input
        id={`${id}-${k}`}
        type={type}
        inputMode={type === 'text' ? 'decimal' : undefined}
        value={draft[k]}
        onChange={set(k)}
        autoComplete="off"
      />
    </div>
  );

  return (
    <form className="panel filter-form" aria-label={T.formLabel} onSubmit={submit} noValidate>
      {text('from', T.addressHint)}
      <div className="filter-field">
        <label htmlFor={`${id}-mode`}>{T.mode}</label>
        <select id={`${id}-mode`} value={draft.mode} onChange={set('mode')}>
          <option value="and">{T.modes.and}</option>
          <option value="or">{T.modes.or}</option>
        </select>
      </div>
      {text('to', T.addressHint)}
      {text('method', T.methodHint)}
      {text('token', T.tokenHint)}
      <fieldset className="filter-field filter-field--wide filter-kinds">
        <legend>{T.kinds}</legend>
        {FILTER_KINDS.map((k) => (
          <label key={k}>
            <input type="checkbox" checked={draft.kinds.includes(k)} onChange={() => toggle(k)} /> {T.kindNames[k]}
          </label>
        ))}
      </fieldset>
      {field('min', 'text')}
      {field('max', 'text')}
      {field('fromBlock', 'text')}
      {field('toBlock', 'text')}
      {field('fromDate', 'date')}
      {field('toDate', 'date')}
      <div className="filter-field">
        <label htmlFor={`${id}-status`}>{T.status}</label>
        <select id={`${id}-status`} value={draft.status} onChange={set('status')}>
          <option value="">{T.statuses.any}</option>
          <option value="success">{T.statuses.success}</option>
          <option value="failed">{T.statuses.failed}</option>
        </select>
      </div>
      {error && (
        <p role="alert" className="filter-error filter-field--wide">
          {error}
        </p>
      )}
      <div className="filter-actions filter-field--wide">
        <button type="submit" className="btn btn--primary">
          {T.apply}
        </button>
        <button type="button" className="btn" onClick={clear}>
          {T.clear}
        </button>
        <small className="muted">{T.keys}</small>
      </div>
    </form>
  );
}
