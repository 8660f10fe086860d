import { Age } from './Age';
import { formatUtcDate } from '../lib/detailFormat';

/** A block time as the relative age (one shared ticker) followed by the fixed UTC date. */
export function BlockTime({ timestamp }: { timestamp: number }) {
  return (
    <span>
      <Age time={timestamp} /> <span className="muted">({formatUtcDate(timestamp)})</span>
    </span>
  );
}
