import { cx } from '../../lib/class-names.ts';

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden className={cx('animate-pulse rounded-control bg-surface-2', className)} />;
}
