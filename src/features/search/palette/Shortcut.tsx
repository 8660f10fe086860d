import { PALETTE_TEXTS } from './texts';

/** A two-key sequence hint ("g" then "b"), read out as "shortcut g then b". */
export function Shortcut({ keys }: { keys: readonly [string, string] }) {
  return (
    <span className="palette__shortcut" aria-label={PALETTE_TEXTS.shortcut({ first: keys[0], second: keys[1] })}>
      {keys.map((k) => (
        <kbd key={k}>{k}</kbd>
      ))}
    </span>
  );
}
