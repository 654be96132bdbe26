import { ChevronDown, ChevronUp, Equal } from 'lucide-react';
import type { Priority } from '../../../common/constants.ts';
import { cx } from '../../lib/class-names.ts';

const styles: Record<Priority, string> = {
  high: 'bg-danger-soft text-danger',
  medium: 'bg-warning-soft text-warning',
  low: 'bg-success-soft text-success',
};
const icons = { high: ChevronUp, medium: Equal, low: ChevronDown };

/** Colour and an icon and text, never colour alone (visual.md). */
export function PriorityBadge({ priority, label }: { priority: Priority; label: string }) {
  const Icon = icons[priority];
  return (
    <span
      className={cx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', styles[priority])}
      data-priority={priority}
    >
      <Icon aria-hidden className="h-3 w-3" />
      {label}
    </span>
  );
}
