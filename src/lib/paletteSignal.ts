/**
 * The header's search button asks the command palette to open. The palette lives in the search
 * feature and the header in the app frame; a window event joins them without either importing the other.
 */
export const OPEN_PALETTE_EVENT = 'ruby:open-palette';

export function requestPalette(): void {
  window.dispatchEvent(new Event(OPEN_PALETTE_EVENT));
}

/** Calls `open` on every request; returns the unsubscribe. */
export function onPaletteRequest(open: () => void): () => void {
  window.addEventListener(OPEN_PALETTE_EVENT, open);
  return () => window.removeEventListener(OPEN_PALETTE_EVENT, open);
}

/** 'Ctrl K', or '⌘ K' on Apple devices (where the shortcut is Cmd+K). */
export function paletteShortcut(platform: string = typeof navigator === 'undefined' ? '' : navigator.platform): string {
  return /mac|iphone|ipad|ipod/i.test(platform) ? '⌘ K' : 'Ctrl K';
}
