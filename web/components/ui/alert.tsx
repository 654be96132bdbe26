import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

/**
 * A message, often the server's own words: as a string it is isolated (<bdi>) so an English
 * sentence in a right-to-left page keeps its full stop at its end.
 */
export function Alert({ tone, children, className }: { tone: 'error' | 'success'; children: ReactNode; className?: string }) {
  const Icon = tone === 'error' ? AlertCircle : CheckCircle2;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        'flex items-start gap-2 rounded-control px-3 py-2.5 text-sm',
        tone === 'error' ? 'bg-danger-soft text-danger' : 'bg-success-soft text-success',
        className,
      )}
    >
      <Icon aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
      <div>{typeof children === 'string' ? <bdi>{children}</bdi> : children}</div>
    </div>
  );
}
