/** The step a deployment is at (a live region), with its transaction once sent. */
import { Link } from 'wouter';
import { urls } from '../../app/urls';
import { DEPLOY_TEXTS } from './texts';

/** The step's text, read while rendering (it follows the language); '' for a step without one. */
function stepText(step: string): string {
  switch (step) {
    case 'compiling':
      return DEPLOY_TEXTS.compiling;
    case 'connecting':
      return DEPLOY_TEXTS.connecting;
    case 'sending':
      return DEPLOY_TEXTS.sending;
    case 'pending':
      return DEPLOY_TEXTS.pending;
    case 'verifying':
      return DEPLOY_TEXTS.verifying;
    default:
      return '';
  }
}

export function DeployProgress({ step, transactionHash }: { step: string; transactionHash: string | null }) {
  return (
    <section className="panel deploy-progress" aria-label={DEPLOY_TEXTS.deploy}>
      <p role="status" data-testid="deploy-step">
        {stepText(step)}
      </p>
      {transactionHash && <DeployTxLink hash={transactionHash} />}
    </section>
  );
}

/** The deployment's transaction, linked (the progress panel and the result both show it). */
export function DeployTxLink({ hash }: { hash: string }) {
  return (
    <p className="muted">
      {DEPLOY_TEXTS.transaction}:{' '}
      <Link href={urls.transaction(hash)} className="mono">
        {hash}
      </Link>
    </p>
  );
}
