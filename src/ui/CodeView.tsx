/** A scrollable, highlighted code block (Solidity or JSON); keyboard users can focus and scroll it. */
import { useMemo } from 'react';
import { tokenizeJson, tokenizeSolidity } from '../lib/highlight';
import './codeBlock.css';
import './codeView.css';

interface CodeViewProps {
  code: string;
  language: 'solidity' | 'json';
  labelledBy?: string;
  label?: string;
  className?: string;
}

export function CodeView({ code, language, labelledBy, label, className }: CodeViewProps) {
  const tokens = useMemo(() => (language === 'json' ? tokenizeJson(code) : tokenizeSolidity(code)), [code, language]);
  return (
    <pre
      className={`code-block code-view ${className ?? ''}`}
      tabIndex={0}
      aria-labelledby={labelledBy}
      aria-label={label}
      data-language={language}
    >
      <code>
        {tokens.map((t, i) =>
          t.kind === 'plain' ? (
            t.text
          ) : (
            <span key={i} className={`tok-${t.kind}`}>
              {t.text}
            </span>
          ),
        )}
      </code>
    </pre>
  );
}
