/**
 * The Verify page's progress and outcome: while the request and the job run, a status line; a
 * verified contract shows its creation and runtime match levels, the constructor arguments decoded
 * from the chain (read again from the contract detail) and a link to the contract; a failure shows
 * the part that differed and the server's message, with Try again and Edit.
 */
import { Link } from 'wouter';
import type { SnapshotFrom } from 'xstate';
import type { ContractDetail } from '../../../common/api/tokens';
import { urls } from '../../app/urls';
import type { MatchLevel, VerifyEvent, verifyMachine } from '../../machines/verifyMachine';
import { ConstructorArgs, type DecodedArg } from '../../ui/ConstructorArgs';
import { keepTerms } from '../../lib/keepTerms';
import { localizeServerMessage, serverMessageValues, splitCompilerOutput } from '../../lib/serverMessages';
import { FAILURE_PARTS, MATCH_TEXTS, VERIFY_TEXTS } from './texts';

interface VerifyStatusProps {
  snapshot: SnapshotFrom<typeof verifyMachine>;
  send: (e: VerifyEvent) => void;
  contract: ContractDetail | null;
  address: string;
}

export const matchText = (m: MatchLevel | undefined) => (m ? MATCH_TEXTS[m] : MATCH_TEXTS.none);

/** The decoded constructor arguments the contract detail carries, when it does (an additive field). */
function decodedArgs(contract: ContractDetail | null): DecodedArg[] | null {
  return contract?.verification?.constructorArguments ?? null;
}

/**
 * The server's words in the active language (src/lib/serverMessages.ts); a compiler failure's own
 * output (solc's diagnostics with file:line) is code, shown as it came (lang="en").
 */
function FailureMessage({ message }: { message: string }) {
  const compiler = splitCompilerOutput(message);
  if (!compiler) return <p className="verify-status__message">{keepTerms(localizeServerMessage(message), serverMessageValues(message))}</p>;
  return (
    <>
      <p className="verify-status__message">{compiler.sentence}</p>
      <pre lang="en" translate="no" className="verify-status__compiler">
        {compiler.output}
      </pre>
    </>
  );
}

export function VerifyStatus({ snapshot, send, contract, address }: VerifyStatusProps) {
  const c = snapshot.context;
  const running = snapshot.matches('submitting') || snapshot.matches('polling') || snapshot.matches('waiting');
  const args = decodedArgs(contract);
  // Own keys only: a code such as 'constructor' must not find Object.prototype's.
  const part = c.code && Object.hasOwn(FAILURE_PARTS, c.code) ? FAILURE_PARTS[c.code] : null;
  return (
    <div className="verify-status">
      <p role="status" className="verify-status__progress">
        {snapshot.matches('submitting') ? VERIFY_TEXTS.submitting : running ? VERIFY_TEXTS.polling : ''}
      </p>
      {snapshot.matches('verified') && (
        <section className="panel verify-status__result verify-status__result--ok" aria-labelledby="verify-result">
          <h2 id="verify-result">{VERIFY_TEXTS.verified}</h2>
          <dl className="verify-status__matches">
            <dt>{VERIFY_TEXTS.creationMatch}</dt>
            <dd data-testid="creation-match">{matchText(c.job?.contract?.creationMatch)}</dd>
            <dt>{VERIFY_TEXTS.runtimeMatch}</dt>
            <dd data-testid="runtime-match">{matchText(c.job?.contract?.runtimeMatch)}</dd>
          </dl>
          {args && (
            <>
              <h3>{VERIFY_TEXTS.constructorArgs}</h3>
              <ConstructorArgs args={args} label={VERIFY_TEXTS.constructorArgs} empty={VERIFY_TEXTS.noArgs} />
            </>
          )}
          <Link className="btn btn--primary" href={urls.contractDetail(contract?.contractAddress ?? address, { tab: 'Contract' })}>
            {VERIFY_TEXTS.viewContract}
          </Link>
        </section>
      )}
      {snapshot.matches('failed') && (
        <section className="panel verify-status__result verify-status__result--failed" aria-labelledby="verify-failed">
          <h2 id="verify-failed">{VERIFY_TEXTS.failed}</h2>
          <div role="alert" className="verify-status__error">
            {part && <p className="verify-status__part">{part}</p>}
            <FailureMessage message={c.message ?? ''} />
            {c.code && (
              <p className="muted mono" lang="en" translate="no">
                {c.code}
              </p>
            )}
          </div>
          <div className="verify-status__actions">
            <button type="button" className="btn btn--primary" onClick={() => send({ type: 'verify.retry' })}>
              {VERIFY_TEXTS.retry}
            </button>
            <button type="button" className="btn" onClick={() => send({ type: 'verify.edit' })}>
              {VERIFY_TEXTS.edit}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
