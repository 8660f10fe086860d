/**
 * The Contract tab of the token and contract pages: the ABI and source code when the source is
 * verified; otherwise a note saying so and the runtime bytecode read from the node.
 */
import { useId } from 'react';
import { CopyButton } from '../../ui/CopyButton';
import { CONTRACT_TEXTS } from './texts';

interface ContractCodeProps {
  verified: boolean;
  abi: unknown[] | null;
  contractcode: string | null;
  bytecode: string | null;
}

function CodeBlock({ title, text, copyLabel }: { title: string; text: string; copyLabel: string }) {
  const id = useId();
  return (
    <section>
      <div className="code-block__head">
        <h3 id={id}>{title}</h3>
        <CopyButton value={text} toast="detail" label={copyLabel} />
      </div>
      {/* Focusable so keyboard users can scroll it (a scrollable region needs to be reachable). */}
      <pre className="code-block" tabIndex={0} aria-labelledby={id}>
        {text}
      </pre>
    </section>
  );
}

export function ContractCode({ verified, abi, contractcode, bytecode }: ContractCodeProps) {
  if (verified && (abi !== null || contractcode !== null)) {
    return (
      <div className="contract-code">
        {abi !== null && <CodeBlock title={CONTRACT_TEXTS.abi} text={JSON.stringify(abi, null, 2)} copyLabel={CONTRACT_TEXTS.copyAbi} />}
        {contractcode !== null && <CodeBlock title={CONTRACT_TEXTS.source} text={contractcode} copyLabel={CONTRACT_TEXTS.copySource} />}
      </div>
    );
  }
  return (
    <div className="contract-code">
      <p className="muted">{CONTRACT_TEXTS.notVerified}</p>
      {bytecode ? (
        <CodeBlock title={CONTRACT_TEXTS.bytecode} text={bytecode} copyLabel={CONTRACT_TEXTS.copyBytecode} />
      ) : (
        <p role="alert">{CONTRACT_TEXTS.noBytecode}</p>
      )}
    </div>
  );
}
