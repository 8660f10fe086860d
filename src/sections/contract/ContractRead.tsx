/**
 * "Read contract": every view and pure function of the verified ABI as a small form, inputs
 * labelled with their ABI types; Query calls the function through the API and shows the decoded
 * outputs (or the server's message). A function without arguments is read at once when the view
 * opens, as Etherscan shows them: its button then reads the value again.
 */
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { ReadResponse } from '../../../common/api/deploy';
import type { ApiFailure } from '../../app/api';
import { useReadContractMutation } from '../../features/contracts/contractReadApi';
import { READ_TEXTS } from './readTexts';

interface AbiParam {
  name?: string;
  type: string;
}
interface AbiFunction {
  type: 'function';
  name: string;
  inputs: AbiParam[];
  outputs: AbiParam[];
  stateMutability?: string;
}

/** The view and pure functions of an ABI, in ABI order. */
export function readFunctions(abi: unknown[]): AbiFunction[] {
  return abi.filter((x): x is AbiFunction => {
    const f = x as Partial<AbiFunction> | null;
    return (
      !!f &&
      f.type === 'function' &&
      typeof f.name === 'string' &&
      Array.isArray(f.inputs) &&
      Array.isArray(f.outputs) &&
      (f.stateMutability === 'view' || f.stateMutability === 'pure')
    );
  });
}

const signature = (f: AbiFunction) => `${f.name}(${f.inputs.map((i) => i.type).join(',')})`;

function show(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function ReadFunction({ address, fn, index, asProxy }: { address: string; fn: AbiFunction; index: number; asProxy?: boolean }) {
  const id = useId();
  const [args, setArgs] = useState<string[]>(() => fn.inputs.map(() => ''));
  const [read, { data, error, isLoading, isError }] = useReadContractMutation();
  const getter = fn.inputs.length === 0;
  useEffect(() => {
    if (getter) void read({ address, function: signature(fn), args: [], ...(asProxy ? { asProxy } : {}) });
  }, [getter, read, address, fn, asProxy]);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void read({ address, function: signature(fn), args, ...(asProxy ? { asProxy } : {}) });
  };
  const result: ReadResponse['result'] | undefined = isError ? undefined : data?.result;
  return (
    <form className="read-fn" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>
        {/* a function's, its parameters' and results' names and types are the contract's (translate="no") */}
        {index + 1}. <span translate="no">{fn.name}</span>
      </h4>
      {fn.inputs.map((p, i) => (
        <label key={i} className="read-fn__input">
          <span translate="no">
            {p.name || `arg${i + 1}`} <span className="muted">({p.type})</span>
          </span>
          <input
            type="text"
            translate="no"
            value={args[i] ?? ''}
            spellCheck={false}
            autoComplete="off"
            placeholder={p.type}
            onChange={(e) => setArgs((a) => a.map((v, j) => (j === i ? e.target.value : v)))}
          />
        </label>
      ))}
      <button type="submit" className="btn btn--small" disabled={isLoading}>
        {isLoading ? READ_TEXTS.querying : getter ? READ_TEXTS.refresh : READ_TEXTS.query}
      </button>
      {result && (
        <ul className="read-fn__result" aria-label={`${fn.name} ${READ_TEXTS.result}`}>
          {result.map((r, i) => (
            <li key={i}>
              <span className="muted" translate="no">
                {r.name ? `${r.name} ` : ''}
                {r.type}:
              </span>{' '}
              <span className="mono" translate="no">
                {show(r.value)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {isError && (
        <p role="alert" className="read-fn__error">
          {(error as ApiFailure | undefined)?.message ?? READ_TEXTS.failed}
        </p>
      )}
    </form>
  );
}

/** `asProxy`: the ABI is a proxy's implementation's; calls go to `address`. */
export function ContractRead({ address, abi, asProxy }: { address: string; abi: unknown[]; asProxy?: boolean }) {
  const fns = useMemo(() => readFunctions(abi), [abi]);
  if (fns.length === 0) return <p className="muted">{READ_TEXTS.none}</p>;
  return (
    <div className="read-list">
      {fns.map((f, i) => (
        <ReadFunction key={signature(f)} address={address} fn={f} index={i} asProxy={asProxy} />
      ))}
    </div>
  );
}
