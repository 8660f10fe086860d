/** The deployed contract: the success alert, its address with 'Copy Address', and links onward. */
import { Link } from 'wouter';
import { MESSAGES } from '../../../common/spec';
import { urls } from '../../app/urls';
import { DEPLOY_TEXTS } from './texts';
import { DeployTxLink } from './DeployProgress';

interface DeployResultProps {
  address: string;
  transactionHash: string | null;
  isToken: boolean;
  verified: boolean;
  verifyError: string | null;
  copying: boolean;
  copyError: string | null;
  onCopy: () => void;
  onAgain: () => void;
}

export function DeployResult(props: DeployResultProps) {
  const { address, transactionHash, isToken, verified, verifyError, copying, copyError, onCopy, onAgain } = props;
  return (
    <section className="panel deploy-result" aria-labelledby="deploy-result-title">
      <div role="alert" className="alert alert--success">
        {MESSAGES.deploySuccess}
      </div>
      <h2 id="deploy-result-title">{DEPLOY_TEXTS.deployedAt}</h2>
      <p className="deploy-result__address mono" data-testid="deployed-address">
        {address}
      </p>
      {verified && (
        <p className="deploy-result__verified" data-testid="deploy-verified">
          <span className="deploy-badge">{DEPLOY_TEXTS.verifiedBadge}</span> {DEPLOY_TEXTS.verified}
        </p>
      )}
      {verifyError && <p className="deploy-form__error">{DEPLOY_TEXTS.notVerified.replace('{reason}', verifyError)}</p>}
      <div className="deploy-result__actions">
        <button type="button" className="btn" onClick={onCopy} disabled={copying}>
          {DEPLOY_TEXTS.copyAddress}
        </button>
        <Link className="btn btn--primary" href={isToken ? urls.tokenDetail(address) : urls.contractDetail(address)}>
          {isToken ? DEPLOY_TEXTS.viewToken : DEPLOY_TEXTS.viewContract}
        </Link>
        <button type="button" className="btn" onClick={onAgain}>
          {DEPLOY_TEXTS.again}
        </button>
      </div>
      {copyError && (
        <p role="alert" className="deploy-form__error">
          {copyError}
        </p>
      )}
      {transactionHash && <DeployTxLink hash={transactionHash} />}
    </section>
  );
}
