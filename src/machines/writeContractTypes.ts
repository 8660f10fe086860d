/**
 * The types and pure form checks of writeContractMachine (split from it for size): the context,
 * events and actor inputs, and the form's problems per field.
 */
import type { LogItem } from '../../common/api/logs';
import { isIntegerType, parseArg, parseRubyValue, type AbiValue } from '../lib/abiInput';
import type { WriteFunction } from '../lib/abiFunctions';

export type SignerKind = 'web' | 'injected';
export interface Signers {
  web: { email: string; address: string; unlocked: boolean } | null;
  injected: boolean;
}

export interface WriteContractInput {
  /** The contract, r…. */
  contract: string;
  fn: WriteFunction;
  /** The contract's ABI (its custom errors name a revert). */
  abi: readonly unknown[];
}

export interface WriteContext extends WriteContractInput {
  args: string[];
  units: boolean[];
  value: string;
  signers: Signers;
  signer: SignerKind | null;
  password: string;
  fieldErrors: (string | null)[];
  valueError: string | null;
  /** The message of the state: a revert reason, a failure, a wrong password. */
  message: string | null;
  from: string | null;
  chainId: number | null;
  data: string | null;
  /** Decimal strings (the context stays serialisable). */
  gasLimit: string | null;
  maxFeePerGas: string | null;
  hash: string | null;
  logs: LogItem[];
}

export type WriteEvent =
  | { type: 'arg.change'; index: number; value: string }
  | { type: 'arg.unit'; index: number; on: boolean }
  | { type: 'value.change'; value: string }
  | { type: 'signer.choose'; signer: SignerKind }
  | { type: 'password.change'; value: string }
  | { type: 'write.submit' }
  | { type: 'unlock.submit' }
  | { type: 'write.confirm' }
  | { type: 'write.cancel' };

export interface ConnectInput {
  signer: SignerKind;
  email: string | null;
  password: string | null;
}
export interface EstimateInput {
  from: string;
  contract: string;
  fn: WriteFunction;
  values: AbiValue[];
  value: bigint;
  abi: readonly unknown[];
}
export type EstimateOutput = { data: string; chainId: number; gasLimit: string; maxFeePerGas: string } | { data: string; revert: string };
export interface SendInput {
  signer: SignerKind;
  email: string | null;
  from: string;
  contract: string;
  data: string;
  value: bigint;
  gasLimit: bigint;
  chainId: number;
}

/** Thrown by the connect actor when the keystore needs (another) password. */
export class PasswordNeededError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasswordNeededError';
  }
}

const fieldValue = (c: Pick<WriteContext, 'fn' | 'args' | 'units'>, i: number) => {
  const p = c.fn.inputs[i];
  return p ? parseArg(p, c.args[i] ?? '', (c.units[i] ?? false) && isIntegerType(p.type)) : null;
};

/** Per-field problems, the value field's, and whether anything stops the write. */
export function formProblems(c: Pick<WriteContext, 'fn' | 'args' | 'units' | 'value'>): {
  fieldErrors: (string | null)[];
  valueError: string | null;
} {
  const fieldErrors = c.fn.inputs.map((_p, i) => {
    const r = fieldValue(c, i);
    return r && !r.ok ? r.error : null;
  });
  const v = c.fn.stateMutability === 'payable' ? parseRubyValue(c.value) : null;
  return { fieldErrors, valueError: v && !v.ok ? v.error : null };
}

export const hasProblems = (c: WriteContext) => {
  const p = formProblems(c);
  return p.valueError !== null || p.fieldErrors.some((e) => e !== null);
};

export function values(c: WriteContext): AbiValue[] {
  return c.fn.inputs.map((_p, i) => {
    const r = fieldValue(c, i);
    if (!r?.ok) throw new Error('the form is not valid');
    return r.value;
  });
}

export function wei(c: WriteContext): bigint {
  const v = parseRubyValue(c.fn.stateMutability === 'payable' ? c.value : '');
  return v.ok ? v.wei : 0n;
}

export const NO_SIGNER = 'no signer';
