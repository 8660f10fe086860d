/**
 * "Download CSV" for one of an address's lists: a disclosure with an optional date range
 * (UTC days, both inclusive) and a plain link to GET /api/export/{kind}/{address}.csv, so the
 * browser downloads the server's stream itself (no row cap, nothing held in the page). Keyboard:
 * the summary is a button (Enter/Space), the date fields and the link follow in tab order.
 */
import { useId, useState } from 'react';
import { paths } from '../../common/api/paths';
import type { ExportKind } from '../../common/api/export';
import { API_BASE } from '../app/api';
import { CSV_TEXTS } from '../lib/csvTexts';
import './csvDownload.css';

export function csvHref(kind: ExportKind, address: string, start: string, end: string): string {
  return `${API_BASE}${paths.exportCsv({ kind, file: `${address}.csv` }, { start: start || undefined, end: end || undefined })}`;
}

export function CsvDownload({ kind, address }: { kind: ExportKind; address: string }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const id = useId();
  const reversed = start !== '' && end !== '' && start > end;
  return (
    <details className="csv-download">
      <summary>{CSV_TEXTS.button}</summary>
      <div className="csv-download__body" role="group" aria-label={CSV_TEXTS.groupLabel(CSV_TEXTS.kinds[kind])}>
        <label htmlFor={`${id}-start`}>{CSV_TEXTS.from}</label>
        <input id={`${id}-start`} type="date" value={start} max={end || undefined} onChange={(e) => setStart(e.target.value)} />
        <label htmlFor={`${id}-end`}>{CSV_TEXTS.to}</label>
        <input id={`${id}-end`} type="date" value={end} min={start || undefined} onChange={(e) => setEnd(e.target.value)} />
        {reversed ? (
          <p role="alert" className="csv-download__error">
            {CSV_TEXTS.reversed}
          </p>
        ) : (
          <a className="csv-download__link" href={csvHref(kind, address, start, end)} download>
            {CSV_TEXTS.link(CSV_TEXTS.kinds[kind])}
          </a>
        )}
        <p className="csv-download__hint">{CSV_TEXTS.hint}</p>
      </div>
    </details>
  );
}
