/** Dates of the transaction and block detail pages (their numbers: amount.ts, the one number formatter). */
import { NO_VALUE } from '../../common/spec';
import { currentIntlLocale, currentLocale } from './i18n/locale';

/** Block time as a fixed UTC date ('Nov-03-2026 12:00:05 UTC'), independent of the viewer's locale. */
export function formatUtcDate(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined || !Number.isFinite(epochSeconds)) return NO_VALUE;
  const d = new Date(epochSeconds * 1000);
  if (currentLocale() !== 'en') return `${formatDateTime(d, { timeZone: 'UTC' })} UTC`;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (v: number) => String(v).padStart(2, '0');
  return `${months[d.getUTCMonth()]}-${two(d.getUTCDate())}-${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())} UTC`;
}

/**
 * Intl's formatters, made once per language and kind: building one costs far more than using it
 * (every Age on a page formats its tooltip; 40 on the home page were its largest script cost at a
 * phone's CPU).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(key: string, locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${locale ?? ''}|${key}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(id, f);
  }
  return f;
}

/** A date and time in the active language through Intl ('26 नव॰ 2026, 8:45:00 pm' in Hindi), in the viewer's zone unless told. */
export function formatDateTime(date: Date, opts: Pick<Intl.DateTimeFormatOptions, 'timeZone'> = {}): string {
  // 24-hour clock: hi-IN's 12-hour clock writes a Latin 'am' / 'pm'.
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium', hourCycle: 'h23', ...opts };
  return dateFormatter(`medium ${opts.timeZone ?? ''}`, currentIntlLocale(), options).format(date);
}

// What Date's toLocaleString() shows: numeric date and time.
const LOCAL_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** A tooltip's full local time: the browser's own format in English (as it always was), Intl's hi-IN format in Hindi. */
export function formatLocalTime(date: Date): string {
  if (currentLocale() === 'en') return dateFormatter('local', undefined, LOCAL_TIME).format(date);
  return dateFormatter('local', currentIntlLocale(), { ...LOCAL_TIME, hourCycle: 'h23' }).format(date);
}
