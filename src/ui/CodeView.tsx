/**
 * A scrollable, highlighted code block (Solidity or JSON); keyboard users can focus and scroll it.
 * With `highlightLine` (the call tree's revert line) that line is marked and scrolled
 * into view when the block first shows.
 */
import { useEffect, useMemo, useRef } from 'react';
import { tokenizeJson, tokenizeSolidity, type Token } from '../lib/highlight';
import './codeBlock.css';
import './codeView.css';

interface CodeViewProps {
  code: string;
  language: 'solidity' | 'json';
  labelledBy?: string;
  label?: string;
  className?: string;
  /** 1-based line to mark. */
  highlightLine?: number;
  /** Read out with the marked line (e.g. "Reverted here"). */
  highlightLabel?: string;
}

function renderTokens(tokens: readonly Token[], keyBase: number) {
  return tokens.map((t, i) =>
    t.kind === 'plain' ? (
      t.text
    ) : (
      <span key={keyBase + i} className={`tok-${t.kind}`}>
        {t.text}
      </span>
    ),
  );
}

/** The tokens cut at each newline: one list per line. */
function byLine(tokens: readonly Token[]): Token[][] {
  const lines: Token[][] = [[]];
  for (const t of tokens) {
    const parts = t.text.split('\n');
    parts.forEach((text, i) => {
      if (i > 0) lines.push([]);
      if (text !== '') lines[lines.length - 1]?.push({ ...t, text });
    });
  }
  return lines;
}

export function CodeView({ code, language, labelledBy, label, className, highlightLine, highlightLabel }: CodeViewProps) {
  const tokens = useMemo(() => (language === 'json' ? tokenizeJson(code) : tokenizeSolidity(code)), [code, language]);
  const lines = useMemo(() => (highlightLine === undefined ? null : byLine(tokens)), [tokens, highlightLine]);
  const marked = useRef<HTMLElement>(null);
  useEffect(() => {
    marked.current?.scrollIntoView?.({ block: 'center' });
  }, [highlightLine]);
  return (
    <pre
      className={`code-block code-view ${className ?? ''}`}
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-label={label}
      data-language={language}
    >
      <code>
        {lines === null
          ? renderTokens(tokens, 0)
          : lines.map((line, i) => {
              const last = i === lines.length - 1;
              const content = renderTokens(line, i * 10_000);
              return i + 1 === highlightLine ? (
                <span key={`l${i}`}>
                  <mark ref={marked} className="code-view__marked" data-line={i + 1}>
                    {highlightLabel && <span className="visually-hidden">{highlightLabel} </span>}
                    {content.length > 0 ? content : ' '}
                  </mark>
                  {last ? '' : '\n'}
                </span>
              ) : (
                <span key={`l${i}`}>
                  {content}
                  {last ? '' : '\n'}
                </span>
              );
            })}
      </code>
    </pre>
  );
}
