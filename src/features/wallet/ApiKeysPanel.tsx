import { useState, type FormEvent } from 'react';
import type { CreatedApiKeyResponse } from '../../../common/api/apiKeys';
import { classifyFailure } from '../../lib/failure';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { RetryButton } from '../../ui/RetryButton';
import { useToast } from '../../ui/useToast';
import { API_KEY_TEXTS as T, WALLET_TEXTS } from './texts';
import { useApiKeysQuery, useCreateApiKeyMutation, useRevokeApiKeyMutation } from './apiKeysApi';

const LABEL_MAX = 100;
const when = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;
const messageOf = (e: unknown) => classifyFailure(e).message ?? WALLET_TEXTS.error;

/**
 * The logged-in user's API keys (issue 8), below the dashboard tabs: list, create with a label
 * (the key shown once, with a Copy button), revoke (asks once more).
 */
export function ApiKeysPanel() {
  const list = useApiKeysQuery(undefined, { refetchOnMountOrArgChange: true });
  const [create, creating] = useCreateApiKeyMutation();
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const toast = useToast();
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fresh, setFresh] = useState<CreatedApiKeyResponse['result'] | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    const clean = label.trim();
    if (clean.length === 0 || clean.length > LABEL_MAX) {
      setProblem(T.labelRequired);
      return;
    }
    setProblem(null);
    try {
      const r = await create({ label: clean }).unwrap();
      setFresh(r.result);
      setLabel('');
    } catch (err) {
      setProblem(messageOf(err));
    }
  };

  const onRevoke = async (id: number) => {
    setConfirming(null);
    try {
      await revoke(id).unwrap();
      toast.show(T.revokedToast);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };

  const keys = list.data?.result ?? [];
  return (
    <section className="panel api-keys" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title" className="api-keys__title">
        {T.title}
      </h2>
      <p className="api-keys__intro">
        {T.intro
          .split(/(\{header\}|\{param\})/)
          .map((part, i) =>
            part === '{header}' || part === '{param}' ? <code key={i}>{part === '{header}' ? 'x-api-key' : 'apikey'}</code> : part,
          )}
      </p>

      <form className="api-keys__form" onSubmit={(e) => void onCreate(e)} noValidate>
        <label className="field">
          <span>{T.label}</span>
          <input value={label} maxLength={LABEL_MAX + 20} placeholder={T.labelPlaceholder} onChange={(e) => setLabel(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--primary" disabled={creating.isLoading}>
          {creating.isLoading ? T.creating : T.create}
        </button>
      </form>
      {problem && (
        <p className="notice notice--danger" role="alert">
          {problem}
        </p>
      )}

      {fresh && (
        <div className="notice notice--info api-keys__new" role="status">
          <strong>
            {T.newKeyTitle} ({fresh.label})
          </strong>
          <code className="api-keys__key" data-testid="new-api-key">
            {fresh.key}
          </code>
          <p className="api-keys__once">{T.shownOnce}</p>
          <div className="api-keys__actions">
            <CopyButton value={fresh.key} toastText={T.copied} className="btn btn--small">
              {T.copy}
            </CopyButton>
            <button type="button" className="btn btn--small" onClick={() => setFresh(null)}>
              {T.done}
            </button>
          </div>
        </div>
      )}

      {list.isLoading ? (
        <Loading minHeight="4rem" />
      ) : list.isError ? (
        <div className="notice notice--danger" role="alert">
          {messageOf(list.error)} <RetryButton onRetry={() => void list.refetch()} />
        </div>
      ) : keys.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <ul className="api-keys__list">
          {keys.map((k) => (
            <li key={k.id} className={`api-keys__item${k.revokedAt ? ' api-keys__item--revoked' : ''}`} data-testid="api-key-row">
              <span className="api-keys__label">{k.label}</span>
              <code title={T.colKey}>{k.prefix}…</code>
              <span className="api-keys__meta">
                {T.colCreated} {when(k.createdAt)}
              </span>
              {k.revokedAt ? (
                <span className="api-keys__status">
                  {T.revoked} {when(k.revokedAt)}
                </span>
              ) : confirming === k.id ? (
                <span className="api-keys__actions">
                  <button type="button" className="btn btn--small" disabled={revoking.isLoading} onClick={() => void onRevoke(k.id)}>
                    {T.confirmRevoke}
                  </button>
                  <button type="button" className="btn btn--small" onClick={() => setConfirming(null)}>
                    {T.cancel}
                  </button>
                </span>
              ) : (
                <button type="button" className="btn btn--small" aria-label={`${T.revoke} ${k.label}`} onClick={() => setConfirming(k.id)}>
                  {T.revoke}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
