import { Combine, MoreVertical, Palette, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Label } from '../../../common/schemas/label.schema.ts';
import { cx } from '../../lib/class-names.ts';

export type LabelAction = 'rename' | 'color' | 'merge' | 'delete';

const ITEMS: ReadonlyArray<{ action: LabelAction; Icon: typeof Pencil }> = [
  { action: 'rename', Icon: Pencil },
  { action: 'color', Icon: Palette },
  { action: 'merge', Icon: Combine },
  { action: 'delete', Icon: Trash2 },
];

/** Keeps a name's own direction inside a translated sentence (a Latin name in Arabic text). */
export const isolated = (text: string) => `\u2068${text}\u2069`;

/**
 * One label's actions behind a button (the menu button pattern): Enter, Space or a click opens
 * it on its first item; arrows, Home and End move; Escape closes it and returns to the button,
 * as does Tab; a click elsewhere closes it.
 */
export function LabelActionsMenu({
  label,
  onAction,
  buttonRef,
}: {
  label: Label;
  onAction(action: LabelAction): void;
  /** The button, for focus to return to after the action's dialog. */
  buttonRef?: (element: HTMLButtonElement | null) => void;
}) {
  const { t } = useTranslation('labels');
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement | null>(null);
  const menuId = useId();
  const name = t('actions.menu', { name: isolated(label.name) });

  const items = () => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move = (index: number) => {
      event.preventDefault();
      all[(index + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') close(false);
  }

  return (
    <div ref={wrapper} className="relative shrink-0">
      <button
        ref={(element) => {
          button.current = element;
          buttonRef?.(element);
        }}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={name}
        title={name}
        data-testid="label-actions"
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        className={cx(
          'tap-target flex h-10 w-10 items-center justify-center rounded-control',
          open ? 'bg-brand-soft text-brand-strong' : 'text-muted hover:bg-surface-2 hover:text-fg',
        )}
      >
        <MoreVertical aria-hidden className="h-5 w-5" />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-label={name}
          onKeyDown={onMenuKeyDown}
          className="absolute end-0 top-full z-30 mt-1 w-48 rounded-card border border-line bg-surface p-1 shadow-lg"
          data-testid="label-actions-menu"
        >
          {ITEMS.map(({ action, Icon }) => (
            <button
              key={action}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                setOpen(false);
                onAction(action);
              }}
              className={cx(
                'flex w-full items-center gap-2 rounded-control px-3 py-2 text-start text-sm hover:bg-surface-2 focus:bg-surface-2',
                action === 'delete' ? 'text-danger' : 'text-fg',
              )}
            >
              <Icon aria-hidden className="h-4 w-4 shrink-0" />
              {t(`actions.${action}`)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
