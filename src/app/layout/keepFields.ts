/**
 * What the user typed survives a language switch. A switch renders the page afresh in
 * the other language (App.tsx keys the routed tree by the language, so no text is left in the old
 * one: not a memoised row, not a message a machine kept), which would empty a half-filled form.
 * So the switch reads the values of the page's form fields first and, once the page is back,
 * types them again as the user did (the native value setter and an `input` / `change` event, so
 * React's onChange and the form's machine see an edit). Messages are not kept: they come again
 * in the new language when the form is checked. A chosen file cannot be set by a page: it is not
 * kept. Fields are matched by name, else by their order among fields of the same kind.
 */
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

interface Kept {
  key: string;
  value: string;
  checked: boolean;
}

/** The values typed, and the fields they were read from (the old tree's, not to be typed into). */
export interface KeptFields {
  fields: Kept[];
  old: WeakSet<Element>;
}

const SKIPPED = new Set(['file', 'hidden', 'submit', 'button', 'reset', 'image']);

function fieldsIn(root: ParentNode): Field[] {
  return [...root.querySelectorAll<Field>('input, select, textarea')].filter((f) => !SKIPPED.has(f.type));
}

/** Each field's key: its name, else its kind and its order among fields of that kind. */
function keyed(root: ParentNode): [string, Field][] {
  const seen = new Map<string, number>();
  return fieldsIn(root).map((f) => {
    const kind = `${f.tagName}:${f.type}`;
    const n = seen.get(kind) ?? 0;
    seen.set(kind, n + 1);
    const named = f.name && f.type !== 'radio' ? `${kind}:name=${f.name}` : null;
    return [named ?? `${kind}#${n}`, f];
  });
}

/** The values in the fields under `root` now (the page's main region). */
export function captureFields(root: ParentNode | null): KeptFields {
  const list = root ? keyed(root) : [];
  return {
    fields: list.map(([key, f]) => ({ key, value: f.value, checked: f instanceof HTMLInputElement && f.checked })),
    old: new WeakSet(list.map(([, f]) => f)),
  };
}

function setValue(f: Field, value: string): void {
  // React tracks the value it last set: the prototype's setter goes around that, so the event below is seen as an edit.
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f) as object, 'value')?.set;
  setter?.call(f, value);
  f.dispatchEvent(new Event(f instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

const isToggle = (f: Field) => f instanceof HTMLSelectElement || f.type === 'checkbox' || f.type === 'radio';

/**
 * Puts the kept values back into the new tree's matching fields that differ; each found is done.
 * Choices (selects, checkboxes, radios) first: one may show or hide fields, so when one changed,
 * the text fields wait for the next frame, when the fields are counted again.
 */
function restoreOnce(root: ParentNode, pending: Map<string, Kept>, old: WeakSet<Element>): void {
  const fresh = keyed(root).filter(([key, f]) => pending.has(key) && !old.has(f));
  let changed = false;
  for (const [key, f] of fresh.filter(([, f]) => isToggle(f))) {
    const k = pending.get(key)!;
    pending.delete(key);
    if (f instanceof HTMLSelectElement) {
      if (f.value === k.value) continue;
      setValue(f, k.value);
      changed = true;
    } else if (f instanceof HTMLInputElement && f.checked !== k.checked && (k.checked || f.type === 'checkbox')) {
      f.click();
      changed = true;
    }
  }
  if (changed) return;
  for (const [key, f] of fresh.filter(([, f]) => !isToggle(f))) {
    const k = pending.get(key)!;
    pending.delete(key);
    if (f.value !== k.value) setValue(f, k.value);
  }
}

/**
 * Types the kept values again once the page's fields are back (the new language's tree mounts
 * after the switch; a field may appear only once another is set): frame by frame, for up to `ms`.
 */
export function restoreFields(kept: KeptFields, root: () => ParentNode | null, ms = 2000): Promise<void> {
  const pending = new Map(kept.fields.filter((k) => k.value !== '' || k.checked).map((k) => [k.key, k]));
  const until = Date.now() + ms;
  return new Promise((resolve) => {
    const step = () => {
      const r = root();
      if (r) restoreOnce(r, pending, kept.old);
      if (pending.size === 0 || Date.now() > until) resolve();
      else requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  });
}
