/** The step a deployment is at (a live region), with its transaction once sent. */
import { Link } from 'wouter';
import { urls } from '../../app/urls';
import { DEPLOY_TEXTS } from './texts';

const STEP_TEXT: Record<string, string> = {
  compiling: DEPLOY_TEXTS.compiling,
  connecting: DEPLOY_TEXTS.connecting,
  sending: DEPLOY_TEXTS.sending,
  pending: DEPLOY_TEXTS.pending,
  verifying: DEPLOY_TEXTS.verifying,
};

export function DeployProgress({ step, transactionHash }: { step: string; transactionHash: string | null }) {
  return (
    <section className="panel deploy-progress" aria-label={DEPLOY_TEXTS.deploy}>
      <p role="status" data-testid="deploy-step">
        {STEP_TEXT[step] ?? ''}
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
