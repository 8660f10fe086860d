/**
 * "Write contract": every function of the verified ABI that changes state, each its own form and
 * flow (WriteFunctionForm, writeContractMachine), signed by the user's web wallet in the browser
 * or by an injected browser wallet.
 */
import { useEffect, useMemo } from 'react';
import { prepareKdf } from '../../lib/kdfClient';
import { functionSignature, writeFunctions } from '../../lib/abiFunctions';
import { WriteFunctionForm } from './WriteFunctionForm';
import { WRITE_TEXTS } from './writeTexts';
import './write.css';

export function ContractWrite({ address, abi }: { address: string; abi: unknown[] }) {
  // The web wallet's unlock derives the wallet key in a worker: its code is fetched now, so a
  // network lost after the page opened does not stop the unlock.
  useEffect(() => prepareKdf(), []);
  const fns = useMemo(() => writeFunctions(abi), [abi]);
  if (fns.length === 0) return <p className="muted">{WRITE_TEXTS.none}</p>;
  return (
    <div className="read-list">
      {fns.map((f, i) => (
        <WriteFunctionForm key={functionSignature(f)} contract={address} abi={abi} fn={f} index={i} />
      ))}
    </div>
  );
}
