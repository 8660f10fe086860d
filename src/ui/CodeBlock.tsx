import { useId, type ReactNode } from 'react';
import type { CopyToastKind } from '../../common/spec';
import { CopyButton } from './CopyButton';
import { UI_TEXTS } from './texts';
import './codeBlock.css';

/** What names a code box: its label (corner layout) or the id of its heading (heading layout). */
export interface CodeBoxNaming {
  label?: string;
  labelledBy?: string;
}

interface CodeBlockProps {
  code: string;
  /** What the code is: the box's accessible name, and with layout 'heading' its visible heading too. */
  label: string;
  /**
   * 'corner' (the docs pages): the copy icon floats in the box's top right corner.
   * 'heading' (the contract pages): an h3 with the label above the box, the copy button beside it.
   */
  layout?: 'corner' | 'heading';
  /** Accessible name of the copy button; default `Copy: {label}`. */
  copyLabel?: string;
  /** Which of the spec's copy toasts; default the CopyButton's ('home'). */
  toast?: CopyToastKind;
  /** Kept on the plain box as data-language. */
  language?: string;
  /** Draws the box itself (e.g. highlighted) with the given naming; default: the code as plain text. */
  renderBox?: (naming: CodeBoxNaming) => ReactNode;
}

/**
 * Code with a copy button for the same text. The box scrolls inside itself, never the page, and
 * is focusable so keyboard users can scroll it (a scrollable region must be reachable).
 */
export function CodeBlock({
  code,
  label,
  layout = 'corner',
  copyLabel = UI_TEXTS.copyNamed(label),
  toast,
  language,
  renderBox,
}: CodeBlockProps) {
  const id = useId();
  const naming: CodeBoxNaming = layout === 'heading' ? { labelledBy: id } : { label };
  const box = renderBox ? (
    renderBox(naming)
  ) : (
    <pre className="code-block" tabIndex={0} aria-label={naming.label} aria-labelledby={naming.labelledBy} data-language={language}>
      {/* The docs' boxes keep their <code> element (and its font); the contract pages never had one. */}
      {layout === 'corner' ? <code>{code}</code> : code}
    </pre>
  );

  if (layout === 'heading') {
    return (
      <section>
        <div className="code-block__head">
          <h3 id={id}>{label}</h3>
          <CopyButton value={code} toast={toast} label={copyLabel} />
        </div>
        {box}
      </section>
    );
  }
  return (
    <div className="code-block-corner">
      {box}
      <CopyButton value={code} toast={toast} label={copyLabel} className="icon-btn code-block__copy" />
    </div>
  );
}
