/**
 * The transaction page's State tab: what the transaction changed, address by address,
 * with where the figures come from (the node's trace, or our index on a node without one) and
 * whether the coin differences add up to minus the burnt fee. Loading, not indexed and failed
 * reads say so and offer a retry; nothing is shown as "no change" that was not read.
 */
import { classifyFailure } from '../../lib/failure';
import { formatDetailUnits } from '../../lib/amount';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { Loading } from '../../ui/Loading';
import { UnavailableNotice } from '../../ui/UnavailableNotice';
import { StateAccount } from './StateAccount';
import { useTransactionStateChangesQuery } from './stateApi';
import { STATE_TEXTS } from './stateTexts';
import './state.css';

const signed = (wei: string) => {
  const n = BigInt(wei);
  return `${n < 0n ? '−' : ''}${formatDetailUnits((n < 0n ? -n : n).toString())}`;
};

export function StateTab({ hash }: { hash: string }) {
  const T = STATE_TEXTS;
  const { data, error, isError, refetch } = useTransactionStateChangesQuery(hash);
  if (isError && !data) {
    const notIndexed = classifyFailure(error).kind === 'notFound';
    return <LoadError message={notIndexed ? T.notIndexed : T.loadFailed} onRetry={() => void refetch()} />;
  }
  if (!data) return <Loading minHeight="16rem" />;
  const s = data.result;
  const r = s.reconciliation;
  return (
    <div className="state-tab">
      {s.source === 'index' ? (
        <UnavailableNotice reason={`${T.sources.index}${s.complete ? '' : ` ${T.sources.untraced}`}`} />
      ) : (
        <p className="muted state-note" data-testid="state-source">
          {T.sources.prestateTracer}
        </p>
      )}
      <p className={r.reconciled ? 'state-note' : 'state-note state-note--warn'} role="note">
        {r.reconciled
          ? T.reconciled(formatDetailUnits(r.burntFeeWei))
          : T.notReconciled(`${signed(r.sumOfDifferencesWei)}`, formatDetailUnits(r.burntFeeWei))}
      </p>
      {s.accounts.length === 0 ? (
        <EmptyState>{T.empty}</EmptyState>
      ) : (
        <div className="state-accounts" role="list" aria-label={T.accountsLabel}>
          {s.accounts.map((a) => (
            <div role="listitem" key={a.address}>
              <StateAccount account={a} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
