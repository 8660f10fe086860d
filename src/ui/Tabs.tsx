import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabLabel } from '../../common/spec';

/** A tab's value is its `?tab=` slug (English); the button shows its label in the active language (tabLabel). */
interface TabsProps<T extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly T[];
  /** Controlled selection; omit it (and use defaultValue) for an uncontrolled tab set. */
  value?: T;
  defaultValue?: T;
  onChange?: (tab: T) => void;
  /** The panel of the selected tab. */
  children?: ReactNode | ((tab: T) => ReactNode);
}

/**
 * WAI-ARIA tabs with automatic activation: arrows move and select, Home/End jump, only the
 * selected tab is in the tab order (roving tabindex).
 */
export function Tabs<T extends string>({ label, tabs, value, defaultValue, onChange, children }: TabsProps<T>) {
  const [inner, setInner] = useState<T | undefined>(defaultValue ?? tabs[0]);
  const selected = value ?? inner ?? tabs[0];
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const select = (tab: T, focus: boolean) => {
    if (value === undefined) setInner(tab);
    if (tab !== selected) onChange?.(tab);
    if (focus) refs.current[tabs.indexOf(tab)]?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = selected === undefined ? 0 : tabs.indexOf(selected);
    const last = tabs.length - 1;
    const target =
      e.key === 'ArrowRight'
        ? i >= last
          ? 0
          : i + 1
        : e.key === 'ArrowLeft'
          ? i <= 0
            ? last
            : i - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    const tab = target === null ? undefined : tabs[target];
    if (tab === undefined) return;
    e.preventDefault();
    select(tab, true);
  };

  const tabId = (i: number) => `${baseId}-tab-${i}`;
  const panelId = `${baseId}-panel`;
  const selectedIndex = selected === undefined ? -1 : tabs.indexOf(selected);

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab, i) => (
          <button
            key={tab}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={tabId(i)}
            className="tabs__tab"
            aria-selected={tab === selected}
            aria-controls={panelId}
            tabIndex={tab === selected ? 0 : -1}
            onClick={() => select(tab, false)}
          >
            {tabLabel(tab)}
          </button>
        ))}
      </div>
      {children !== undefined && selected !== undefined && (
        <div role="tabpanel" id={panelId} aria-labelledby={tabId(selectedIndex)} className="tabs__panel" tabIndex={0}>
          {typeof children === 'function' ? children(selected) : children}
        </div>
      )}
    </div>
  );
}
