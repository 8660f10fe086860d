/**
 * The keyboard of a tree view (WAI-ARIA APG, "Tree View Pattern"), as a pure function of the
 * visible items: Down / Up move to the next / previous visible item; Right opens a closed parent,
 * or moves into an open one; Left closes an open parent, or moves to the parent; Home / End move
 * to the first / last visible item; Enter and Space open or close a parent. The call tree uses it
 * (CallTreeView.tsx); tested in tests/src/features/transactions/callTree.test.tsx.
 */

export interface TreeItem {
  key: string;
  parent: string | null;
  children: readonly string[];
}

export type TreeAction = { kind: 'focus'; key: string } | { kind: 'toggle'; key: string; open: boolean } | null;

/** The keys shown, in order: the roots, and the children of every open item. */
export function visibleKeys(roots: readonly string[], items: ReadonlyMap<string, TreeItem>, open: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (key: string) => {
    out.push(key);
    if (open.has(key)) for (const c of items.get(key)?.children ?? []) walk(c);
  };
  roots.forEach(walk);
  return out;
}

/** What `key` (a KeyboardEvent.key) does with `current` focused; null: not a tree key. */
export function treeKey(
  key: string,
  current: string,
  visible: readonly string[],
  items: ReadonlyMap<string, TreeItem>,
  open: ReadonlySet<string>,
): TreeAction {
  const at = visible.indexOf(current);
  const item = items.get(current);
  if (at < 0 || !item) return visible[0] === undefined ? null : { kind: 'focus', key: visible[0] };
  const parent = item.children.length > 0;
  const isOpen = open.has(current);
  const focus = (k: string | undefined): TreeAction => (k === undefined || k === current ? null : { kind: 'focus', key: k });
  switch (key) {
    case 'ArrowDown':
      return focus(visible[at + 1]);
    case 'ArrowUp':
      return focus(visible[at - 1]);
    case 'Home':
      return focus(visible[0]);
    case 'End':
      return focus(visible[visible.length - 1]);
    case 'ArrowRight':
      if (!parent) return null;
      return isOpen ? focus(item.children[0]) : { kind: 'toggle', key: current, open: true };
    case 'ArrowLeft':
      if (parent && isOpen) return { kind: 'toggle', key: current, open: false };
      return focus(item.parent ?? undefined);
    case 'Enter':
    case ' ':
      return parent ? { kind: 'toggle', key: current, open: !isOpen } : null;
    default:
      return null;
  }
}
