/**
 * /Watchlist: the logged-in user's watched addresses (add, edit label and alerts,
 * remove) and the alerts raised for them. Reached from the header's Watchlist link, the
 * dashboard and the palette.
 */
import { useState } from 'react';
import { Link } from 'wouter';
import { urls } from '../../app/urls';
import { Address } from '../../ui/Address';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { PageTitle } from '../../ui/PageTitle';
import { useToast } from '../../ui/useToast';
import { NotificationList } from './NotificationList';
import { WATCHLIST_TEXTS as T } from './texts';
import { WatchForm } from './WatchForm';
import { useLoginToken } from './WatchlistHost';
import { useRemoveWatchMutation, useWatchlistQuery } from './watchlistApi';
import './watchlist.css';

function WatchedList({ token }: { token: string }) {
  const { data, isLoading } = useWatchlistQuery(token, { refetchOnMountOrArgChange: true });
  const [remove] = useRemoveWatchMutation();
  const [editing, setEditing] = useState<string | null>(null);
  const toast = useToast();
  const items = data?.result ?? [];
  if (isLoading) return <Loading minHeight="4rem" />;
  return (
    <>
      <p className="watch-count">{T.count(items.length)}</p>
      {items.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <ul className="watch-list" aria-label={T.listLabel}>
          {items.map((w) => (
            <li key={w.address} className="watch-item" data-testid="watch-row">
              <div className="watch-item__main">
                <Address value={w.address} lead={15} showLabel={false} />
                {w.label && <strong className="watch-item__label">{w.label}</strong>}
                <span className="watch-item__alerts">
                  {(['incoming', 'outgoing', 'tokens'] as const)
                    .filter((k) => w.alerts[k])
                    .map((k) => T[k])
                    .join(' · ') || '—'}
                </span>
              </div>
              {editing === w.address ? (
                <WatchForm token={token} item={w} onDone={() => setEditing(null)} />
              ) : (
                <div className="watch-item__actions">
                  <button
                    type="button"
                    className="btn btn--small"
                    aria-label={`${T.edit} ${w.label || w.address}`}
                    onClick={() => setEditing(w.address)}
                  >
                    {T.edit}
                  </button>
                  <button
                    type="button"
                    className="btn btn--small"
                    aria-label={`${T.remove} ${w.label || w.address}`}
                    onClick={() =>
                      void remove({ token, address: w.address })
                        .unwrap()
                        .then(() => toast.show(T.removed))
                        .catch(() => {})
                    }
                  >
                    {T.remove}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function WatchlistPage() {
  const token = useLoginToken();
  return (
    <div className="container watch-page">
      <PageTitle>{T.title}</PageTitle>
      {!token ? (
        <div className="panel watch-panel">
          <p>{T.loginFirst}</p>
          <Link href={urls.account()} className="btn btn--primary">
            {T.logIn}
          </Link>
        </div>
      ) : (
        <>
          <section className="panel watch-panel" aria-labelledby="watch-list-title">
            <h2 id="watch-list-title">{T.listLabel}</h2>
            <p className="watch-intro">{T.intro}</p>
            <WatchedList token={token} />
            <h3 className="watch-add-title">{T.addHeading}</h3>
            <WatchForm token={token} />
          </section>
          <NotificationList token={token} />
        </>
      )}
    </div>
  );
}
