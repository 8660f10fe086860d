import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { SCREEN_TITLES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { appSignupMachine } from '../../app/actors/wallet';
import { PageTitle } from '../../ui/PageTitle';
import { AuthForm } from './AuthForm';
import { MessageModal } from './MessageModal';
import { WALLET_TEXTS } from './texts';
import './wallet.css';

/** Sign up (docs/decisions.md#spec-screens): email, password, 'Continue', link to log in. Flow: signupMachine. */
export function SignupPage({ machine = appSignupMachine }: { machine?: typeof appSignupMachine }) {
  const [state, send] = useMachine(machine);
  const [, navigate] = useLocation();
  const { email, password, message } = state.context;
  const done = state.matches('registered');

  useEffect(() => {
    if (done) navigate(urls.wallet(email.trim().toLowerCase()));
  }, [done, email, navigate]);

  return (
    <section className="page wallet-page">
      <PageTitle>{SCREEN_TITLES.signup}</PageTitle>
      <AuthForm
        email={email}
        password={password}
        busy={state.matches('submitting')}
        deriving={state.matches('deriving') ? state.context.progress : null}
        newPassword
        submitLabel={WALLET_TEXTS.continue}
        busyLabel={WALLET_TEXTS.signingUp}
        onField={(field, value) => send({ type: 'field.change', field, value })}
        onSubmit={() => send({ type: 'signup.submit' })}
        footer={<Link href={urls.account()}>{WALLET_TEXTS.toLogin}</Link>}
      />
      {message && (state.matches('required') || state.matches('failed')) && (
        <MessageModal title={SCREEN_TITLES.signup} message={message} onClose={() => send({ type: 'modal.close' })} />
      )}
    </section>
  );
}
