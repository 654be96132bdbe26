import type { LucideIcon } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';

/** An icon, a title and a sentence: the cards of the pricing page. Renders an <li>. */
export function InfoCard({
  icon: Icon,
  title,
  text,
  tone = 'brand',
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  tone?: 'brand' | 'muted';
}) {
  return (
    <li className="rounded-card border border-line bg-surface p-6">
      <span
        className={cx(
          'flex h-11 w-11 items-center justify-center rounded-control',
          tone === 'brand' ? 'bg-brand-soft text-brand-strong' : 'bg-surface-2 text-fg',
        )}
      >
        <Icon aria-hidden className="h-5 w-5" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-fg">{title}</h3>
      <p className="mt-2 text-sm leading-relaxed text-muted">{text}</p>
    </li>
  );
}
