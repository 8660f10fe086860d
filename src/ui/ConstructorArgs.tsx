/**
 * Constructor arguments as decoded from the chain: the bytes after the creation code,
 * decoded with the constructor's types. Shown on the contract page and after a verification.
 */
import { UI_TEXTS } from './texts';
import { NO_VALUE } from '../../common/spec';

export interface DecodedArg {
  name: string;
  type: string;
  /** Decoded value: text for scalars (big numbers exact), JSON for arrays and tuples. */
  value: unknown;
}

export function argText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return NO_VALUE;
  return JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

export function ConstructorArgs({ args, label, empty }: { args: readonly DecodedArg[]; label: string; empty: string }) {
  if (args.length === 0) return <p className="muted">{empty}</p>;
  return (
    <table className="table constructor-args">
      <caption className="visually-hidden">{label}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{UI_TEXTS.argName}</th>
          <th scope="col">{UI_TEXTS.argType}</th>
          <th scope="col">{UI_TEXTS.argValue}</th>
        </tr>
      </thead>
      <tbody>
        {args.map((a, i) => (
          <tr key={i}>
            <td>{i}</td>
            <td translate="no">{a.name || NO_VALUE}</td>
            <td className="mono">{a.type}</td>
            <td className="mono constructor-args__value">{argText(a.value)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
