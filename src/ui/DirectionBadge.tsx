/** IN / OUT / SELF: a transaction as the page's address sees it (src/lib/direction.ts). Nothing when it is neither side. */
import type { Direction } from '../lib/direction';
import './directionBadge.css';

export function DirectionBadge({ direction }: { direction: Direction | null }) {
  if (direction === null) return null;
  return <span className={`direction-badge direction-badge--${direction.toLowerCase()}`}>{direction}</span>;
}
