import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  badge?: number | undefined;
}

/** WAI-ARIA tabs: arrow keys move between tabs (mirrored in right-to-left). */
export function Tabs<K extends string>({
  items,
  active,
  onChange,
  label,
  panel,
}: {
  items: TabItem<K>[];
  active: K;
  onChange(key: K): void;
  label: string;
  panel: ReactNode;
}) {
  const baseId = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const rtl = document.documentElement.dir === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    let next = -1;
    if (event.key === forward) next = (index + 1) % items.length;
    if (event.key === backward) next = (index - 1 + items.length) % items.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = items.length - 1;
    if (next >= 0) {
      event.preventDefault();
      onChange(items[next]!.key);
      refs.current[next]?.focus();
    }
  };
  return (
    <div>
      {/* Phones: the tabs share the width and a long name wraps, so none is cut off. */}
      <div role="tablist" aria-label={label} className="grid auto-cols-fr grid-flow-col gap-1 border-b border-line sm:flex">
        {items.map((item, index) => {
          const selected = item.key === active;
          return (
            <button
              key={item.key}
              ref={(element) => {
                refs.current[index] = element;
              }}
              role="tab"
              type="button"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cx(
                'tap-target -mb-px flex min-w-0 items-center justify-center border-b-2 px-1 py-2.5 text-center text-xs leading-tight font-medium break-words hyphens-auto transition-colors sm:shrink-0 sm:px-3 sm:text-sm sm:whitespace-nowrap',
                selected ? 'border-brand text-brand-strong' : 'border-transparent text-muted hover:text-fg',
              )}
            >
              {/* One run of text, so a wrapping name keeps its count on its last line ("Shared / with 2"). */}
              <span>
                {item.label}
                {item.badge !== undefined && ' '}
                {item.badge !== undefined && (
                  <span
                    className="inline-block rounded-full bg-surface-2 px-1.5 py-0.5 text-xs leading-none text-fg sm:ms-1"
                    data-testid={`tab-badge-${item.key}`}
                  >
                    {item.badge}
                  </span>
                )}
              </span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${active}`} className="pt-3 sm:pt-4" tabIndex={0}>
        {panel}
      </div>
    </div>
  );
}
