/**
 * A text box with a filtered list of suggestions (WAI-ARIA combobox with a listbox popup), for
 * keyboard-first choosing from a long list: typing filters (every word must appear), ↓/↑ move the
 * active option, Enter takes it, Escape closes the list, Tab leaves with what is typed. Any text
 * may be typed; the options are suggestions. At most `limit` options are shown at once.
 */
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import './combobox.css';

export interface ComboOption {
  value: string;
  /** A short note after the value (e.g. "bundled"). */
  note?: string;
}

interface ComboboxProps {
  id: string;
  value: string;
  options: readonly ComboOption[];
  onChange: (value: string) => void;
  placeholder?: string;
  /** Shown when no option matches the typed text. */
  emptyText: string;
  limit?: number;
  describedBy?: string;
}

export function filterOptions(options: readonly ComboOption[], text: string): ComboOption[] {
  const words = text.trim().toLowerCase().replace(/^v/, '').split(/\s+/).filter(Boolean);
  return options.filter((o) => words.every((w) => `${o.value} ${o.note ?? ''}`.toLowerCase().includes(w)));
}

export function Combobox({ id, value, options, onChange, placeholder, emptyText, limit = 50, describedBy }: ComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // Once an option is taken, the list shows everything again until the text is edited.
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => filterOptions(options, filter).slice(0, limit), [options, filter, limit]);
  const activeOption = open ? shown[Math.min(active, shown.length - 1)] : undefined;
  const optionId = (i: number) => `${listId}-o${i}`;

  const take = (o: ComboOption) => {
    onChange(o.value);
    setFilter('');
    setOpen(false);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (shown.length === 0 ? 0 : (Math.min(a, shown.length - 1) + step + shown.length) % shown.length));
    } else if (e.key === 'Enter' && open && activeOption) {
      e.preventDefault();
      take(activeOption);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className="combobox">
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeOption ? optionId(shown.indexOf(activeOption)) : undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setFilter(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" className="combobox__list" hidden={!open}>
        {shown.length === 0 ? (
          <li className="combobox__empty muted" role="presentation">
            {emptyText}
          </li>
        ) : (
          shown.map((o, i) => (
            <li
              key={o.value}
              id={optionId(i)}
              role="option"
              aria-selected={o === activeOption}
              className="combobox__option"
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                take(o);
              }}
            >
              <span className="combobox__value">{o.value}</span>
              {o.note && <span className="combobox__note muted">{o.note}</span>}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
