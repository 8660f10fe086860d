import { STATUS } from '../../common/spec';
import './statusBadge.css';

interface StatusBadgeProps {
  /** The receipt status: 1 success, anything else failed. */
  status: number | null | undefined;
  /** Lower-case spelling ('success' / 'failed') for the screens whose spec uses it. */
  lower?: boolean;
}

/** The real receipt status in the spec's spelling. */
export function StatusBadge({ status, lower = false }: StatusBadgeProps) {
  const ok = status === 1;
  const text = ok ? (lower ? STATUS.successLower : STATUS.success) : lower ? STATUS.failedLower : STATUS.failed;
  return <span className={`status-badge ${ok ? 'status-badge--ok' : 'status-badge--failed'}`}>{text}</span>;
}
