import { lazy, Suspense, useCallback, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useLocation } from 'wouter';
import { PAGE_COMMANDS, pageHref, sequenceOf } from './commands';

// The palette (cmdk and the search wiring) loads on first open, outside the home bundle.
const CommandPalette = lazy(() => import('./CommandPalette'));

const SEQUENCES = PAGE_COMMANDS.map(sequenceOf);

/**
 * Always mounted in the app shell: the keyboard shortcuts. Ctrl+K / Cmd+K (also while typing)
 * and "/" (not while typing in a field) open the palette, Escape closes it, and "g" followed by
 * a letter goes straight to a header page, as the palette's hints show.
 */
export function PaletteHost() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const close = useCallback(() => setOpen(false), []);

  useHotkeys('ctrl+k, meta+k', () => setOpen(true), { preventDefault: true, enableOnFormTags: true });
  useHotkeys('slash', () => setOpen(true), { preventDefault: true, enabled: !open });
  useHotkeys('escape', close, { enabled: open, enableOnFormTags: true, preventDefault: true });
  useHotkeys(
    SEQUENCES,
    (_, hotkey) => {
      const key = hotkey.keys?.at(-1);
      const command = PAGE_COMMANDS.find((c) => c.key === key);
      if (command) navigate(pageHref(command));
    },
    { enabled: !open },
  );

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette onClose={close} />
    </Suspense>
  );
}
