/**
 * One frame of the call tree, as the tree item shows it: the kind of frame, the callee (its name
 * tag or contract name, else the short address), the function with its arguments; under it the
 * value, the gas used, what it returned or why it reverted, and for verified code the source
 * line of the revert, linked to the contract's code with the line highlighted. A reverted frame
 * says "Reverted" in words beside its colour. Links take part in the tab order only while their
 * frame has the focus (the tree is one tab stop).
 */
import { Link } from 'wouter';
import type { CallFrame, CallRevert } from '../../../common/api/callTree';
import type { InputArg } from '../../../common/api/proxy';
import { COIN_SYMBOL, TABS } from '../../../common/spec';
import { urls } from '../../app/urls';
import { formatCount, formatWei } from '../../lib/amount';
import { shortenAddress } from '../../lib/shorten';
import { panicText } from '../../sections/contract/panicTexts';
import { CALL_TREE_TEXTS as T } from './callTreeTexts';

const CONTRACT_TAB = TABS.contract[1];

function show(v: unknown): string {
  if (typeof v === 'string') return v;
  return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
}

const argList = (args: readonly InputArg[]): string => args.map((a) => `${a.name}: ${show(a.value)}`).join(', ');

export function revertText(r: CallRevert | null, error: string | null): string {
  if (!r) return error ?? T.noReason;
  if (r.kind === 'error') return r.message ?? T.noReason;
  if (r.kind === 'panic') return T.panic(`0x${(r.code ?? 0).toString(16).padStart(2, '0')}`, panicText(r.code ?? -1));
  if (r.kind === 'custom') return `${r.name ?? ''}(${argList(r.args ?? [])})`;
  return `${error ?? T.noReason}${r.selector ? ` (${r.selector})` : ''}`;
}

/** What the frame was given when no function decodes it: creation code, or raw input. */
function Undecoded({ f }: { f: CallFrame }) {
  if (f.type.startsWith('CREATE')) return <span className="muted">{T.creation(formatCount(f.inputBytes))}</span>;
  if (f.call || f.inputBytes === 0) return null;
  return <span className="mono muted">{T.rawInput(formatCount(f.inputBytes))}</span>;
}

export function CallFrameRow({ f, focused, metaId }: { f: CallFrame; focused: boolean; metaId: string }) {
  const tab = focused ? 0 : -1;
  const reverted = f.error !== null;
  // A DELEGATECALL's value is the caller's msg.value carried along, not a transfer: not shown as one.
  const value = f.type === 'DELEGATECALL' ? 0n : BigInt(f.valueWei);
  const src = f.revertSource;
  return (
    <>
      <span className="call-frame__head">
        {/* The spaces between the parts: the item's name starts with this head's text. */}
        <span className="tx-type call-frame__type">{f.type}</span>{' '}
        {reverted && (
          <>
            <span className="status-badge status-badge--failed call-frame__reverted">
              <span aria-hidden="true">✕ </span>
              {T.reverted}
            </span>{' '}
          </>
        )}
        <span className="call-frame__call mono" translate="no">
          {f.to ? (
            <Link href={urls.address(f.to)} tabIndex={tab} title={f.to}>
              {f.toName ?? shortenAddress(f.to, 12)}
            </Link>
          ) : (
            <span className="muted">{T.unknownCallee}</span>
          )}
          {f.call && `.${f.call.function}(${argList(f.call.args)})`}
        </span>{' '}
        <Undecoded f={f} />
      </span>
      <span className="call-frame__meta" id={metaId}>
        {value > 0n && (
          <span>
            {T.value} {formatWei(f.valueWei)} {COIN_SYMBOL}
          </span>
        )}
        {f.gasUsed !== null && (
          <span>
            {T.gasUsed} {formatCount(f.gasUsed)}
          </span>
        )}
        {!reverted && f.outputDecoded && f.outputDecoded.length > 0 && (
          <span className="mono">
            {T.returned} {argList(f.outputDecoded)}
          </span>
        )}
        {reverted && (
          <span className="call-frame__reason">
            {T.reason}: <span className="mono">{revertText(f.revert, f.error)}</span>
          </span>
        )}
        {src && (
          <span className="call-frame__source">
            {T.revertedAt}{' '}
            <Link tabIndex={tab} href={urls.contractDetail(src.address, { tab: CONTRACT_TAB, source: { file: src.file, line: src.line } })}>
              {T.sourceLine(src.file, formatCount(src.line))}
            </Link>
            {src.text && <code className="call-frame__line">{src.text}</code>}
          </span>
        )}
      </span>
    </>
  );
}
