/**
 * copyText (src/lib/clipboard.ts): a refused clipboard permission is honoured (no execCommand
 * behind the user's back); an insecure context (no navigator.clipboard) and a document without
 * focus still copy through the execCommand fallback. jsdom has neither the async Clipboard API
 * nor the Permissions API nor execCommand: each test gives the page the browser's answers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '../../../src/lib/clipboard';

type PermissionAnswer = PermissionState | 'unknown name';

/** What the old execCommand path copied (the selected textarea's text), or null when it was not used. */
let execCopied: string | null;
let execResult: boolean;
let written: string[];

function browserWith(opts: { clipboard?: 'writes' | 'not allowed' | 'none'; permission?: PermissionAnswer; focus?: boolean }) {
  const { clipboard = 'writes', permission, focus = true } = opts;
  const clip =
    clipboard === 'none'
      ? undefined
      : {
          writeText: vi.fn(async (text: string) => {
            if (clipboard === 'not allowed') throw new DOMException('Write permission denied.', 'NotAllowedError');
            written.push(text);
          }),
        };
  vi.stubGlobal('navigator', {
    clipboard: clip,
    permissions:
      permission === undefined
        ? undefined
        : {
            query: vi.fn(async ({ name }: { name: string }) => {
              if (permission === 'unknown name') throw new TypeError(`'${name}' is not a valid enum value of type PermissionName.`);
              return { name, state: permission };
            }),
          },
  });
  vi.spyOn(document, 'hasFocus').mockReturnValue(focus);
  return clip;
}

beforeEach(() => {
  execCopied = null;
  execResult = true;
  written = [];
  Object.defineProperty(document, 'execCommand', {
    configurable: true,
    value: (command: string) => {
      if (command !== 'copy') return false;
      const area = document.activeElement instanceof HTMLTextAreaElement ? document.activeElement : document.querySelector('textarea');
      execCopied = area ? area.value.slice(area.selectionStart, area.selectionEnd) : '';
      return execResult;
    },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(document, 'execCommand');
  document.body.innerHTML = '';
});

describe('copyText: a refused permission is honoured', () => {
  it("rejects when writeText is refused and the Permissions API says 'clipboard-write' is denied, even without focus: no execCommand", async () => {
    const clip = browserWith({ clipboard: 'not allowed', permission: 'denied', focus: false });
    await expect(copyText('key')).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(clip?.writeText).toHaveBeenCalledWith('key');
    expect(execCopied).toBeNull();
  });

  it('calls writeText at once, in the task of the click (no permission query first)', () => {
    const clip = browserWith({ permission: 'granted' });
    void copyText('now');
    expect(clip?.writeText).toHaveBeenCalledWith('now');
  });

  it('rejects when writeText is refused (NotAllowedError) while the document has focus: no execCommand', async () => {
    browserWith({ clipboard: 'not allowed', permission: 'prompt', focus: true });
    await expect(copyText('key')).rejects.toMatchObject({ name: 'NotAllowedError' });
    expect(execCopied).toBeNull();
  });
});

describe('copyText: the async Clipboard API when allowed', () => {
  it.each<PermissionAnswer | undefined>(['granted', 'prompt', 'unknown name', undefined])(
    'writes the text (permission %s)',
    async (permission) => {
      browserWith({ permission });
      await copyText('0xabc');
      expect(written).toEqual(['0xabc']);
      expect(execCopied).toBeNull();
    },
  );
});

describe('copyText: the execCommand fallback', () => {
  it('copies through execCommand in an insecure context (no navigator.clipboard) and removes its textarea', async () => {
    browserWith({ clipboard: 'none' });
    await copyText('plain http');
    expect(execCopied).toBe('plain http');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('copies through execCommand when writeText fails because the document has no focus', async () => {
    browserWith({ clipboard: 'not allowed', permission: 'granted', focus: false });
    await copyText('unfocused');
    expect(written).toEqual([]);
    expect(execCopied).toBe('unfocused');
  });

  it('rejects when the fallback command is refused too', async () => {
    browserWith({ clipboard: 'none' });
    execResult = false;
    await expect(copyText('x')).rejects.toThrow('Copy command was refused');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
