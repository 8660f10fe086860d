/**
 * The transaction page's Logs tab: every event log of the transaction, decoded by the server
 * when it can (verified contract or standard event), raw topics and data always.
 */
import { Loading } from '../../ui/Loading';
import { EmptyState } from '../../ui/EmptyState';
import { LoadError } from '../../ui/LoadError';
import { LogList } from '../../ui/LogList';
import { useTransactionLogsQuery } from './logsApi';
import { LOG_TEXTS } from './texts';

export function LogsTab({ hash }: { hash: string }) {
  const { data, isError, refetch } = useTransactionLogsQuery(hash);
  if (isError && !data) return <LoadError message={LOG_TEXTS.loadFailed} onRetry={() => void refetch()} />;
  if (!data) return <Loading minHeight="12rem" />;
  if (data.result.length === 0) return <EmptyState>{LOG_TEXTS.empty}</EmptyState>;
  return <LogList logs={data.result} caption={LOG_TEXTS.caption} />;
}
