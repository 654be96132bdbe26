import { Tag } from 'lucide-react';
import type { MouseEvent } from 'react';
import { cx } from '../../lib/class-names.ts';

/** Spec §3: a label without a colour takes one of 8 palettes by its index. */
export const LABEL_PALETTES = [
  'bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-200',
  'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-200',
  'bg-rose-100 text-rose-800 dark:bg-rose-900/50 dark:text-rose-200',
  'bg-cyan-100 text-cyan-800 dark:bg-cyan-900/50 dark:text-cyan-200',
  'bg-indigo-100 text-indigo-800 dark:bg-indigo-900/50 dark:text-indigo-200',
  'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-200',
] as const;

export const paletteFor = (index: number) =>
  LABEL_PALETTES[((index % LABEL_PALETTES.length) + LABEL_PALETTES.length) % LABEL_PALETTES.length]!;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface LabelChipProps {
  name: string;
  color?: string | null | undefined;
  /** The label's id, which picks its palette; null for a label not created yet (shown plain). */
  index: number | null;
  onClick?: (event: MouseEvent) => void;
  title?: string;
  size?: 'sm' | 'md';
}

export function LabelChip({ name, color, index, onClick, title, size = 'sm' }: LabelChipProps) {
  const custom = color && HEX.test(color) ? color : null;
  const className = cx(
    'inline-flex max-w-[12rem] items-center gap-1 rounded-full font-medium',
    size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-sm',
    custom || index === null ? 'bg-surface-2 text-fg' : paletteFor(index),
    onClick && 'hover:ring-2 hover:ring-ring/40 cursor-pointer',
    // The larger chip is a control of its own (the detail dialog's filters): a thumb's height on phones.
    onClick && size === 'md' && 'max-md:min-h-11',
  );
  const content = (
    <>
      {custom ? (
        <span aria-hidden className="h-2 w-2 shrink-0 rounded-full" style={{ backgroundColor: custom }} />
      ) : (
        <Tag aria-hidden className="h-3 w-3 shrink-0" />
      )}
      <span className="truncate">{name}</span>
    </>
  );
  return onClick ? (
    <button type="button" className={className} onClick={onClick} title={title}>
      {content}
    </button>
  ) : (
    <span className={className} title={title}>
      {content}
    </span>
  );
}
