import { Link } from 'wouter';
import { urls } from '../../app/urls';
import { Age } from '../../ui/Age';
import { EmptyState } from '../../ui/EmptyState';
import { Loading } from '../../ui/Loading';
import { alertText } from './alertText';
import { WATCHLIST_TEXTS as T } from './texts';
import { useMarkWatchReadMutation, useWatchNotificationsQuery } from './watchlistApi';

/** The user's alerts, newest first, kept by the server (they survive reloads), unread ones marked. */
export function NotificationList({ token }: { token: string }) {
  const { data, isLoading } = useWatchNotificationsQuery(token, { refetchOnMountOrArgChange: true });
  const [markRead, marking] = useMarkWatchReadMutation();
  const items = data?.result ?? [];
  return (
    <section className="panel watch-panel" aria-labelledby="watch-notes-title">
      <div className="watch-panel__head">
        <h2 id="watch-notes-title">
          {T.notifications}
          {data && data.unread > 0 && <span className="watch-unread">{T.unread(data.unread)}</span>}
        </h2>
        {data && data.unread > 0 && (
          <button type="button" className="btn btn--small" disabled={marking.isLoading} onClick={() => void markRead({ token })}>
            {T.markAllRead}
          </button>
        )}
      </div>
      {isLoading ? (
        <Loading minHeight="4rem" />
      ) : items.length === 0 ? (
        <EmptyState>{T.noNotifications}</EmptyState>
      ) : (
        <ul className="watch-notes" data-testid="watch-notifications">
          {items.map((n) => (
            <li key={n.id} className={`watch-note${n.read ? '' : ' is-unread'}`}>
              <Link href={urls.transaction(n.hash)}>{alertText(n)}</Link>
              <span className="watch-note__meta">
                {T.noteBlock(n.blockNumber)} · <Age time={n.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
