import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';
import { useLocation } from 'wouter';
import { onPaletteRequest } from '../../../lib/paletteSignal';
import { prefetchWhenSettled } from '../../../lib/prefetchWhenSettled';
import { PAGE_COMMANDS, pageHref, sequenceOf } from './commands';

// The palette (cmdk and the search wiring) is its own chunk, outside the home bundle. It is
// fetched once the page has settled (prefetchWhenSettled), so the first Ctrl+K does not wait for
// it, and at the latest on first open.
const loadPalette = () => import('./CommandPalette');
const CommandPalette = lazy(loadPalette);

const SEQUENCES = PAGE_COMMANDS.map(sequenceOf);

/**
 * Always mounted in the app shell: the keyboard shortcuts. Ctrl+K / Cmd+K (also while typing)
 * and "/" (not while typing in a field) open the palette, Escape closes it, and "g" followed by
 * a letter goes straight to a header page, as the palette's hints show. The header's search button opens it too
 * (src/lib/paletteSignal.ts). Closing puts the focus back where it was before opening, when that element is still
 * on the page.
 */
export function PaletteHost() {
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const returnTo = useRef<HTMLElement | null>(null);
  const openPalette = useCallback(() => {
    setOpen((wasOpen) => {
      if (!wasOpen) returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return true;
    });
  }, []);
  const close = useCallback(() => {
    setOpen(false);
    const back = returnTo.current;
    returnTo.current = null;
    // After the dialog has left the page (its own focus handling runs first).
    setTimeout(() => {
      if (back && back.isConnected && back !== document.body) back.focus();
      else document.getElementById('main')?.focus();
    }, 0);
  }, []);

  useEffect(() => onPaletteRequest(openPalette), [openPalette]);

  useEffect(() => prefetchWhenSettled(() => void loadPalette().catch(() => undefined)), []);

  useHotkeys('ctrl+k, meta+k', openPalette, { preventDefault: true, enableOnFormTags: true });
  useHotkeys('slash', openPalette, { preventDefault: true, enabled: !open });
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
