/** A key sequence hint ("g" then "b"), read out as "shortcut g then b". */
export function Shortcut({ keys }: { keys: readonly string[] }) {
  return (
    <span className="palette__shortcut" aria-label={`shortcut ${keys.join(' then ')}`}>
      {keys.map((k) => (
        <kbd key={k}>{k}</kbd>
      ))}
    </span>
  );
}
