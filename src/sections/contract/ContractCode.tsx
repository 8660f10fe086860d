/**
 * The Contract tab of the token and contract pages. Verified: three views, Code (the ABI and the
 * source, highlighted; a standard JSON input shows each of its files), Read contract (view
 * functions called through the API) and Write contract (the other functions, signed in the
 * browser). Unverified: a note and the runtime bytecode from the node.
 */
import { Link, useSearchParams } from 'wouter';
import { urls, VIEW_PARAMS } from '../../app/urls';
import { CodeBlock } from '../../ui/CodeBlock';
import { CodeView } from '../../ui/CodeView';
import { ContractRead } from './ContractRead';
import { ContractWrite } from './ContractWrite';
import { READ_TEXTS } from './readTexts';
import { WRITE_TEXTS } from './writeTexts';
import { CODE_TEXTS } from './codeTexts';
import './code.css';

type ContractView = 'code' | 'read' | 'write';

interface ContractCodeProps {
  verified: boolean;
  abi: unknown[] | null;
  contractcode: string | null;
  bytecode: string | null;
  /** The contract's address: enables the Read contract view. */
  address?: string;
  /** The verified contract ('path:Name' or the bare name): its file is shown first. */
  target?: string | null;
}

/** A titled block of the Contract tab; Solidity and JSON are highlighted, bytecode is plain. */
function ContractBlock({
  title,
  text,
  copyLabel,
  language,
  line,
}: {
  title: string;
  text: string;
  copyLabel: string;
  language?: 'solidity' | 'json';
  /** A line to mark (?line=, the call tree's revert line). */
  line?: number;
}) {
  return (
    <CodeBlock
      layout="heading"
      label={title}
      code={text}
      copyLabel={copyLabel}
      toast="detail"
      renderBox={
        language
          ? ({ labelledBy }) => (
              <CodeView
                code={text}
                language={language}
                labelledBy={labelledBy}
                {...(line !== undefined ? { highlightLine: line, highlightLabel: CODE_TEXTS.markedLine(line) } : {})}
              />
            )
          : undefined
      }
    />
  );
}

/** ?file=&line=: the source line to mark, in the named file (any file of a single-file source). */
function useMarkedLine(): { file: string | null; line: number } | null {
  const [params] = useSearchParams();
  const line = Number(params.get(VIEW_PARAMS.line));
  return Number.isInteger(line) && line > 0 ? { file: params.get(VIEW_PARAMS.file), line } : null;
}

/** The files of a standard JSON input, or null when the source is a single file. */
function sourceFiles(code: string): Array<[string, string]> | null {
  const t = code.trimStart();
  if (!t.startsWith('{')) return null;
  try {
    const input = JSON.parse(t) as { sources?: Record<string, { content?: unknown }> };
    const files = Object.entries(input.sources ?? {}).filter((e): e is [string, { content: string }] => typeof e[1]?.content === 'string');
    return files.length > 0 ? files.map(([name, s]) => [name, s.content]) : null;
  } catch {
    return null;
  }
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The file that defines the verified contract first (its compilation target:
 * Ruby Gold opened on RubyCounterV1.sol, file 8 of 8 was the token), the others in their order.
 * 'path:Name' names the file; a bare name is found by the file that declares `contract Name`.
 */
export function targetFirst(files: Array<[string, string]>, target: string | null | undefined): Array<[string, string]> {
  if (!target) return files;
  const colon = target.lastIndexOf(':');
  const path = colon > 0 ? target.slice(0, colon) : null;
  const name = colon > 0 ? target.slice(colon + 1) : target;
  const declares = new RegExp(`\\b(?:abstract\\s+)?contract\\s+${escapeRe(name)}\\b`);
  const i = path !== null ? files.findIndex(([n]) => n === path) : files.findIndex(([, content]) => declares.test(content));
  if (i <= 0) return files;
  return [files[i]!, ...files.slice(0, i), ...files.slice(i + 1)];
}

function SourceBlocks({ code, target }: { code: string; target?: string | null }) {
  const marked = useMarkedLine();
  const parsed = sourceFiles(code);
  const files = parsed && targetFirst(parsed, target);
  if (!files)
    return (
      <ContractBlock
        title={CODE_TEXTS.source}
        text={code}
        copyLabel={CODE_TEXTS.copySource}
        language="solidity"
        {...(marked ? { line: marked.line } : {})}
      />
    );
  return (
    <>
      {files.map(([name, content]) => (
        <ContractBlock
          key={name}
          title={CODE_TEXTS.sourceFile(name)}
          text={content}
          copyLabel={CODE_TEXTS.copySourceFile(name)}
          language="solidity"
          {...(marked && marked.file === name ? { line: marked.line } : {})}
        />
      ))}
    </>
  );
}

export function ContractCode({ verified, abi, contractcode, bytecode, address, target }: ContractCodeProps) {
  // The view lives in the URL (?view=read), so the address page can link to Read and Write.
  const [params, setParams] = useSearchParams();
  const raw = params.get(VIEW_PARAMS.view);
  const view: ContractView = raw === 'read' || raw === 'write' ? raw : 'code';
  const setView = (next: ContractView) =>
    setParams((prev) => {
      const p = new URLSearchParams(prev);
      if (next === 'code') p.delete(VIEW_PARAMS.view);
      else p.set(VIEW_PARAMS.view, next);
      return p;
    });
  if (verified && (abi !== null || contractcode !== null)) {
    const canRead = address !== undefined && abi !== null;
    return (
      <div className="contract-code">
        {canRead && (
          <div className="contract-code__views" role="group" aria-label={CODE_TEXTS.views}>
            <button type="button" className="btn btn--small" aria-pressed={view === 'code'} onClick={() => setView('code')}>
              {READ_TEXTS.code}
            </button>
            <button type="button" className="btn btn--small" aria-pressed={view === 'read'} onClick={() => setView('read')}>
              {READ_TEXTS.read}
            </button>
            <button type="button" className="btn btn--small" aria-pressed={view === 'write'} onClick={() => setView('write')}>
              {WRITE_TEXTS.write}
            </button>
          </div>
        )}
        {canRead && view === 'read' ? (
          <ContractRead address={address} abi={abi} />
        ) : canRead && view === 'write' ? (
          <ContractWrite address={address} abi={abi} />
        ) : (
          <>
            {contractcode !== null && <SourceBlocks code={contractcode} target={target} />}
            {abi !== null && (
              <ContractBlock title={CODE_TEXTS.abi} text={JSON.stringify(abi, null, 2)} copyLabel={CODE_TEXTS.copyAbi} language="json" />
            )}
          </>
        )}
      </div>
    );
  }
  return (
    <div className="contract-code">
      <p className="muted">{CODE_TEXTS.notVerified}</p>
      {address && (
        <p>
          <Link className="btn btn--primary" href={urls.verifyContract(address)}>
            {CODE_TEXTS.verifyLink}
          </Link>
        </p>
      )}
      {bytecode ? (
        <ContractBlock title={CODE_TEXTS.bytecode} text={bytecode} copyLabel={CODE_TEXTS.copyBytecode} />
      ) : (
        <p role="alert">{CODE_TEXTS.noBytecode}</p>
      )}
    </div>
  );
}
