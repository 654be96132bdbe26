import { CheckSquare } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';

export function Logo({ className, withName = true }: { className?: string; withName?: boolean }) {
  return (
    <span className={cx('inline-flex items-center gap-2 font-bold text-fg', className)}>
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-brand text-white shadow-sm">
        <CheckSquare aria-hidden className="h-5 w-5" />
      </span>
      {withName && <span className="text-lg tracking-tight">Taskaty</span>}
    </span>
  );
}
