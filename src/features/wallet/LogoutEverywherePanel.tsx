import { useState } from 'react';
import { classifyFailure } from '../../lib/failure';
import { sessionActor } from './session';
import { ACCOUNT_TEXTS } from './texts';
import { useLogoutEverywhereMutation } from './walletApi';

/**
 * The dashboard's "Log out everywhere": ends every session of the account on the
 * server (POST /logout/all), then this one locally, as the header's log-out does (the session
 * machine's loggedOut: token and keys forgotten, the alert shown).
 */
export function LogoutEverywherePanel() {
  const [logoutEverywhere, { isLoading }] = useLogoutEverywhereMutation();
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    setError(null);
    try {
      await logoutEverywhere().unwrap();
    } catch (err) {
      setError(ACCOUNT_TEXTS.logoutFailed({ message: classifyFailure(err).message ?? String(err) }));
      return;
    }
    sessionActor().send({ type: 'session.logout', serverEnded: true });
  };

  return (
    <section className="panel logout-everywhere" aria-labelledby="logout-everywhere-title">
      <h2 id="logout-everywhere-title">{ACCOUNT_TEXTS.sessionsTitle}</h2>
      <p>{ACCOUNT_TEXTS.sessionsIntro}</p>
      {error && (
        <p className="notice notice--danger" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn" disabled={isLoading} onClick={() => void run()}>
        {isLoading ? ACCOUNT_TEXTS.loggingOut : ACCOUNT_TEXTS.logoutEverywhere}
      </button>
    </section>
  );
}
