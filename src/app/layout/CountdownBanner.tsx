import { COUNTDOWN, HEADER } from '../../../common/spec';
import { countdownAt } from '../../lib/countdown';
import { useNowSeconds } from '../../ui/useNowSeconds';

/** Counts down to 29 December of the current year; zeros once passed. Reads the shared ticker. */
export function CountdownBanner() {
  const now = useNowSeconds();
  const c = countdownAt(now * 1000);
  const values = [c.days, c.hours, c.minutes, c.seconds];
  return (
    <div className="countdown" role="timer" aria-label={HEADER.countdownTitle}>
      <div className="container countdown__inner">
        <span className="countdown__title">{HEADER.countdownTitle}</span>
        <ol className="countdown__units">
          {COUNTDOWN.labels.map((label, i) => (
            <li key={label} className="countdown__unit">
              <span className="countdown__value" data-testid={`countdown-${label.toLowerCase()}`}>
                {String(values[i] ?? 0).padStart(2, '0')}
              </span>{' '}
              <span className="countdown__label">{label}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
