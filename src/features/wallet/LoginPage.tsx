import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { appLoginMachine } from '../../app/actors/wallet';
import { PageTitle } from '../../ui/PageTitle';
import { useToast } from '../../ui/useToast';
import { AuthForm } from './AuthForm';
import { MessageModal } from './MessageModal';
import { sessionActor, sessionStatus, useSession } from './session';
import { WALLET_TEXTS } from './texts';
import './wallet.css';

/**
 * Log in (docs/decisions.md#spec-screens, #spec-states): a still-valid stored token goes straight to /Dashboard. Flow:
 * loginMachine; this screen only shows its state and follows its end states.
 */
export function LoginPage({ machine = appLoginMachine }: { machine?: typeof appLoginMachine }) {
  const [state, send] = useMachine(machine);
  const [, navigate] = useLocation();
  const toast = useToast();
  const session = useSession();
  const { email, password, message } = state.context;
  const end = state.matches('loggedIn') ? 'loggedIn' : state.matches('walletNotLinked') ? 'walletNotLinked' : null;

  // A token that is still valid on arrival: straight to the dashboard (not while logging in:
  // the machine's end state decides where a fresh log-in goes).
  const editing = state.matches('editing');
  useEffect(() => {
    if (editing && sessionStatus(sessionActor().getSnapshot()) === 'valid') navigate(urls.dashboard(), { replace: true });
  }, [editing, session.status, navigate]);

  useEffect(() => {
    if (end === null || message === null) return;
    toast.show(message);
    navigate(end === 'loggedIn' ? urls.dashboard() : urls.wallet(email.trim().toLowerCase()));
  }, [end, message, email, navigate, toast]);

  return (
    <section className="page wallet-page">
      <PageTitle>{SCREEN_TITLES.account}</PageTitle>
      <AuthForm
        email={email}
        password={password}
        busy={state.matches('submitting')}
        deriving={state.matches('deriving') ? state.context.progress : null}
        submitLabel={WALLET_TEXTS.login}
        busyLabel={WALLET_TEXTS.loggingIn}
        onField={(field, value) => send({ type: 'field.change', field, value })}
        onSubmit={() => send({ type: 'login.submit' })}
        footer={<Link href={urls.signup()}>{WALLET_TEXTS.toSignup}</Link>}
      />
      {message && (state.matches('required') || state.matches('failed')) && (
        <MessageModal title={SCREEN_TITLES.account} message={message} onClose={() => send({ type: 'modal.close' })} />
      )}
    </section>
  );
}
