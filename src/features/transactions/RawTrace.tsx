import { useId } from 'react';
import type { CallTrace } from '../../../common/api/transactions';
import { CopyButton } from '../../ui/CopyButton';
import { UnavailableNotice } from '../../ui/UnavailableNotice';
import { TX_TEXTS } from './texts';

/** Raw trace tab: the call trace as pretty JSON, monospace, scrollable, with a copy button; a notice when the node has no traces. */
export function RawTrace({ trace, unavailable }: { trace: CallTrace | null; unavailable: string | null }) {
  const labelId = useId();
  if (trace === null) return <UnavailableNotice reason={unavailable ?? TX_TEXTS.internalUnavailable} />;
  const json = JSON.stringify(trace, null, 2);
  return (
    <div className="raw-trace">
      <div className="raw-trace__toolbar">
        <span id={labelId} className="visually-hidden">
          {TX_TEXTS.rawTraceLabel}
        </span>
        <CopyButton value={json} toast="detail" className="btn btn--small">
          {TX_TEXTS.rawTraceCopy}
        </CopyButton>
      </div>
      {/* Focusable so keyboard users can scroll it. */}
      <pre tabIndex={0} aria-labelledby={labelId}>
        <code>{json}</code>
      </pre>
    </div>
  );
}
