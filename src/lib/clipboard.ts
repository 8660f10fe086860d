/**
 * Copies text. The async Clipboard API needs a secure context (https or localhost); an explorer
 * served over plain http on a LAN address has no navigator.clipboard and falls back to the old
 * execCommand path. A refusal by the user is honoured: when writeText rejects with
 * NotAllowedError while the document has focus, or the Permissions API says 'clipboard-write' is
 * denied, the copy fails (the screen says so) instead of being forced through execCommand. A
 * document without focus (writeText rejects for that alone) still takes the fallback.
 */

/** True when the Permissions API says clipboard writes are denied; false when it does not know. */
async function writeDenied(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.permissions?.query) return false;
  try {
    // 'clipboard-write' is not in TypeScript's PermissionName (chromium knows it; Firefox throws).
    const status = await navigator.permissions.query({ name: 'clipboard-write' as PermissionName });
    return status.state === 'denied';
  } catch {
    return false;
  }
}

// (A DOMException is an Error in browsers but not in every realm: the name is what counts.)
const notAllowed = (err: unknown) => typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'NotAllowedError';
const focused = () => typeof document.hasFocus === 'function' && document.hasFocus();

export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    try {
      // Called at once, in the click's task (the permission is asked only after a refusal).
      await navigator.clipboard.writeText(text);
      return;
    } catch (err) {
      // Refused while the page has focus, or refused by a denied permission: that answer stands.
      if (notAllowed(err) && (focused() || (await writeDenied()))) throw err;
      // Not focused (or another failure): try the fallback below.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy command was refused');
  } finally {
    area.remove();
  }
}
