import { useState, type FormEvent } from 'react';
import { parseAddress } from '../../../common/address';
import type { WatchAlerts, WatchItem } from '../../../common/api/watchlist';
import { WATCH_LABEL_MAX } from '../../../common/api/watchLimits';
import { classifyFailure } from '../../lib/failure';
import { useToast } from '../../ui/useToast';
import { WATCHLIST_TEXTS as T } from './texts';
import { useSaveWatchMutation } from './watchlistApi';

const ALL_ON: WatchAlerts = { incoming: true, outgoing: true, tokens: true };
const KINDS = ['incoming', 'outgoing', 'tokens'] as const;

interface WatchFormProps {
  token: string;
  /** Editing this entry (its address fixed); absent: adding a new address. */
  item?: WatchItem;
  onDone?: () => void;
}

/** Adds an address to the watchlist, or edits one's label and alerts (the same POST). */
export function WatchForm({ token, item, onDone }: WatchFormProps) {
  const [address, setAddress] = useState(item?.address ?? '');
  const [label, setLabel] = useState(item?.label ?? '');
  const [alerts, setAlerts] = useState<WatchAlerts>(item?.alerts ?? ALL_ON);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useSaveWatchMutation();
  const toast = useToast();
  const id = item ? `watch-edit-${item.address}` : 'watch-add';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (parseAddress(address.trim()) === null) {
      setProblem(`${T.address}: ${T.addressHint}`);
      return;
    }
    if ([...label.trim()].length > WATCH_LABEL_MAX) {
      setProblem(`${T.label}: ${T.labelHint}`);
      return;
    }
    setProblem(null);
    try {
      await save({ token, body: { address: address.trim(), label: label.trim(), alerts } }).unwrap();
      toast.show(item ? T.saved : T.added);
      if (!item) {
        setAddress('');
        setLabel('');
        setAlerts(ALL_ON);
      }
      onDone?.();
    } catch (err) {
      setProblem(classifyFailure(err).message ?? T.error);
    }
  };

  return (
    <form
      className="watch-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      aria-label={item ? `${T.edit} ${item.address}` : T.addHeading}
    >
      {!item && (
        <label className="watch-field watch-field--address">
          <span>{T.address}</span>
          <input
            id={`${id}-address`}
            value={address}
            placeholder={T.addressHint}
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setAddress(e.target.value)}
          />
        </label>
      )}
      <label className="watch-field">
        <span>
          {T.label} <small>({T.labelHint})</small>
        </span>
        <input value={label} maxLength={WATCH_LABEL_MAX + 20} onChange={(e) => setLabel(e.target.value)} />
      </label>
      <fieldset className="watch-alerts">
        <legend>{T.alerts}</legend>
        {KINDS.map((k) => (
          <label key={k} className="watch-check">
            <input type="checkbox" checked={alerts[k]} onChange={(e) => setAlerts((a) => ({ ...a, [k]: e.target.checked }))} />
            {T[k]}
          </label>
        ))}
      </fieldset>
      <div className="watch-form__actions">
        <button type="submit" className="btn btn--primary" disabled={saving.isLoading}>
          {item ? T.save : T.add}
        </button>
        {item && onDone && (
          <button type="button" className="btn" onClick={onDone}>
            {T.cancel}
          </button>
        )}
      </div>
      {problem && (
        <p className="notice notice--danger watch-form__problem" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
