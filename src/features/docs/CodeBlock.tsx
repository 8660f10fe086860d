import { CopyButton } from '../../ui/CopyButton';

interface CodeBlockProps {
  code: string;
  /** Accessible name of the block (e.g. 'Example request for GET /getBalance/{address}'). */
  label: string;
  language?: string;
}

/** Preformatted code with a copy button; scrolls sideways inside itself, never the page. */
export function CodeBlock({ code, label, language }: CodeBlockProps) {
  return (
    <div className="code-block">
      <pre tabIndex={0} aria-label={label} data-language={language}>
        <code>{code}</code>
      </pre>
      <CopyButton value={code} label={`Copy: ${label}`} className="icon-btn code-block__copy" />
    </div>
  );
}
