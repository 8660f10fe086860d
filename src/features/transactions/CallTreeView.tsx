/**
 * The call tree as a WAI-ARIA tree: one tab stop (a roving tabindex), the keys
 * of treeKeys.ts, every frame a treeitem with its level, position and open state, its children in
 * a group. Frames open at first when the tree is small; a large one opens its first two levels.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { CallFrame } from '../../../common/api/callTree';
import { CallFrameRow } from './CallFrameRow';
import { CALL_TREE_TEXTS as T } from './callTreeTexts';
import { treeKey, visibleKeys, type TreeItem } from './treeKeys';
import './callTree.css';

/** Trees up to this many frames open fully at first. */
const OPEN_ALL_UP_TO = 60;

const keyOf = (path: readonly number[]): string => `f${path.join('.')}`;

function buildItems(frames: readonly CallFrame[]) {
  const items = new Map<string, TreeItem>();
  const frameOf = new Map<string, CallFrame>();
  const roots: string[] = [];
  for (const f of frames) {
    const key = keyOf(f.path);
    const parent = f.path.length === 0 ? null : keyOf(f.path.slice(0, -1));
    items.set(key, { key, parent, children: [] });
    frameOf.set(key, f);
    const p = parent === null ? undefined : items.get(parent);
    if (p) (p.children as string[]).push(key);
    else roots.push(key);
  }
  return { items, frameOf, roots };
}

export function CallTreeView({ frames }: { frames: readonly CallFrame[] }) {
  const { items, frameOf, roots } = useMemo(() => buildItems(frames), [frames]);
  const parents = useMemo(() => [...items.values()].filter((i) => i.children.length > 0), [items]);
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(parents.filter((i) => frames.length <= OPEN_ALL_UP_TO || i.key.split('.').length <= 2).map((i) => i.key)),
  );
  const [focused, setFocused] = useState<string>(roots[0] ?? '');
  const moved = useRef(false);
  const refs = useRef(new Map<string, HTMLLIElement>());
  const visible = useMemo(() => visibleKeys(roots, items, open), [roots, items, open]);
  // The focused frame, or its nearest shown ancestor once a parent above it closed: the tree keeps its tab stop.
  const active = useMemo(() => {
    const shown = new Set(visible);
    let key: string | null = focused;
    while (key !== null && !shown.has(key)) key = items.get(key)?.parent ?? null;
    return key ?? roots[0] ?? '';
  }, [visible, focused, items, roots]);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    refs.current.get(focused)?.focus();
  }, [focused]);

  const toggle = (key: string, to: boolean) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (to) next.add(key);
      else next.delete(key);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    // Keys pressed on a link inside a frame are the link's (Enter follows it).
    if ((e.target as HTMLElement).getAttribute('role') !== 'treeitem') return;
    const action = treeKey(e.key, active, visible, items, open);
    if (!action) return;
    e.preventDefault();
    if (action.kind === 'toggle') toggle(action.key, action.open);
    else {
      moved.current = true;
      setFocused(action.key);
    }
  };

  const render = (key: string, level: number, pos: number, size: number): ReactNode => {
    const item = items.get(key);
    const f = frameOf.get(key);
    if (!item || !f) return null;
    const hasChildren = item.children.length > 0;
    const isOpen = open.has(key);
    const metaId = `${key}-meta`;
    return (
      <li
        key={key}
        ref={(el) => {
          if (el) refs.current.set(key, el);
          else refs.current.delete(key);
        }}
        role="treeitem"
        aria-level={level}
        aria-posinset={pos}
        aria-setsize={size}
        aria-expanded={hasChildren ? isOpen : undefined}
        // Named from its content, as the WAI-ARIA tree pattern's items are (an aria-label that left out
        // the visible text failed axe's label-content-name-mismatch); the head comes first.
        aria-describedby={metaId}
        tabIndex={active === key ? 0 : -1}
        className={`call-frame${f.error ? ' call-frame--reverted' : ''}`}
        onFocus={(e) => {
          if (e.target === e.currentTarget) setFocused(key);
        }}
      >
        <div className="call-frame__row">
          <span
            className="call-frame__toggle"
            aria-hidden="true"
            onClick={(e) => {
              e.stopPropagation();
              if (hasChildren) toggle(key, !isOpen);
            }}
          >
            {hasChildren ? (isOpen ? '▾' : '▸') : '•'}
          </span>
          <span className="call-frame__body">
            <CallFrameRow f={f} focused={active === key} metaId={metaId} />
          </span>
        </div>
        {hasChildren && isOpen && (
          <ul role="group" className="call-tree__group">
            {item.children.map((c, i) => render(c, level + 1, i + 1, item.children.length))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <>
      <div className="call-tree__tools">
        <p className="muted call-tree__hint">{T.keysHint}</p>
        <button type="button" className="btn btn--small" onClick={() => setOpen(new Set(parents.map((i) => i.key)))}>
          {T.expandAll}
        </button>
        <button type="button" className="btn btn--small" onClick={() => setOpen(new Set())}>
          {T.collapseAll}
        </button>
      </div>
      {/* The tree handles its keys; each item is focusable (role treeitem), one of them in the tab order. */}
      <ul role="tree" aria-label={T.label} className="call-tree" onKeyDown={onKeyDown}>
        {roots.map((k, i) => render(k, 1, i + 1, roots.length))}
      </ul>
    </>
  );
}
