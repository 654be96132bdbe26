import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from '../../lib/class-names.ts';

/**
 * One card of the settings screen: an icon, a title, an optional badge and description, the content.
 * `danger` marks what cannot be undone (deleting the account). Its id is also the anchor the
 * page's contents link to (scroll-mt: below the sticky header).
 */
export function SettingsSection({
  id,
  icon: Icon,
  title,
  description,
  badge,
  tone = 'default',
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  description?: string;
  badge?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cx('scroll-mt-24 rounded-card border bg-surface p-5 sm:p-6', tone === 'danger' ? 'border-danger/40' : 'border-line')}
      data-section={id}
    >
      <div className="flex items-start gap-3">
        <span
          className={cx(
            'flex h-10 w-10 shrink-0 items-center justify-center rounded-control',
            tone === 'danger' ? 'bg-danger-soft text-danger' : 'bg-brand-soft text-brand-strong',
          )}
        >
          <Icon aria-hidden className="h-5 w-5" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-fg">
              {title}
            </h2>
            {badge}
          </div>
          {description && <p className="mt-0.5 text-sm text-muted">{description}</p>}
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** The small "Coming soon" / "Active" label used across the settings cards. */
export function StatusBadge({ tone, children }: { tone: 'soon' | 'active'; children: ReactNode }) {
  return (
    <span
      className={
        tone === 'active'
          ? 'inline-flex items-center gap-1 rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success'
          : 'inline-flex items-center rounded-full border border-line bg-surface-2 px-2.5 py-0.5 text-xs font-semibold text-muted'
      }
    >
      {tone === 'active' && <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-current" />}
      {children}
    </span>
  );
}
