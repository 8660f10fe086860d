/**
 * The transaction page's Call tree tab: loaded only when the tab opens (its
 * own chunk and its own request), with where the frames came from: the node's call tracer, or
 * the indexed internal calls on a node that does not trace.
 */
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { Loading } from '../../ui/Loading';
import { CallTreeView } from './CallTreeView';
import { useTransactionCallTreeQuery } from './callTreeApi';
import { CALL_TREE_TEXTS as T } from './callTreeTexts';

export function CallTreeTab({ hash }: { hash: string }) {
  const { data, isError, refetch } = useTransactionCallTreeQuery(hash);
  if (isError && !data) return <LoadError message={T.loadFailed} onRetry={() => void refetch()} />;
  if (!data) return <Loading minHeight="12rem" />;
  const tree = data.result;
  return (
    <div className="call-tree-tab">
      <p className="muted call-tree__origin" role="note">
        {tree.origin === 'node' ? T.fromNode : T.fromIndex}
        {!tree.complete && ` ${T.incomplete}`}
      </p>
      {tree.frames.length === 0 ? <EmptyState>{T.loadFailed}</EmptyState> : <CallTreeView frames={tree.frames} />}
      {tree.origin === 'node' && tree.revertSourceNote && tree.frames.some((f) => f.error !== null) && (
        <p className="muted call-tree__note">
          {T.noSourceLine}: {tree.revertSourceNote}
        </p>
      )}
    </div>
  );
}
