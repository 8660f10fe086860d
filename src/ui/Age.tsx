import { formatAge, toEpochSeconds, type TimeInput } from '../lib/age';
import { NO_VALUE } from '../../common/spec';
import { useNowSeconds } from './useNowSeconds';
import { formatLocalTime } from '../lib/detailFormat';

interface AgeProps {
  /** Epoch seconds, epoch milliseconds, ISO string or Date. */
  time: TimeInput;
  className?: string;
}

/** 'Ns ago' / 'Nm ago' / 'Nh ago' / 'Nd ago', refreshed by the page's one shared ticker. */
export function Age({ time, className }: AgeProps) {
  const now = useNowSeconds();
  const seconds = toEpochSeconds(time);
  if (seconds === null) return <span className={className}>{NO_VALUE}</span>;
  const iso = new Date(seconds * 1000).toISOString();
  return (
    <time className={className} dateTime={iso} title={formatLocalTime(new Date(seconds * 1000))}>
      {formatAge(seconds, now)}
    </time>
  );
}
