import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

/** A small rounded label: "Coming Soon", "Beta launch", the hero's announcement. */
export function Pill({ children, icon, className }: { children: ReactNode; icon?: ReactNode; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1.5 rounded-full border border-brand/25 bg-brand-soft px-3 py-1 text-xs font-semibold text-brand-strong',
        className,
      )}
    >
      {icon}
      {children}
    </span>
  );
}
