import { AlertCircle, CheckCircle2, Loader2, MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

export type LinkTone = 'working' | 'success' | 'error';

/** The round mark above a link's outcome: a spinner while it is checked, then a tick or a warning. */
export function LinkMark({ tone }: { tone: LinkTone }) {
  const Icon = tone === 'working' ? MailCheck : tone === 'success' ? CheckCircle2 : AlertCircle;
  return (
    <span
      aria-hidden
      className={cx(
        'flex h-12 w-12 items-center justify-center rounded-full',
        tone === 'working' && 'bg-brand-soft text-brand-strong',
        tone === 'success' && 'bg-success-soft text-success',
        tone === 'error' && 'bg-danger-soft text-danger',
      )}
    >
      <Icon className="h-6 w-6" />
    </span>
  );
}

/** "One moment…" while a mailed link is checked; announced politely. */
export function LinkWorking({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted">
      <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
      {label}
    </p>
  );
}

/** The body of a link's outcome: what happened (announced) and what to do next. */
export function LinkOutcome({ tone, children, actions }: { tone: LinkTone; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="space-y-5" data-testid="link-outcome" data-tone={tone}>
      {children && <div className="space-y-3 text-sm">{children}</div>}
      {actions && <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">{actions}</div>}
    </div>
  );
}
