import { cx } from '../../lib/class-names.ts';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return (
    letters
      .map((part) => [...part][0] ?? '')
      .join('')
      .toLocaleUpperCase() || '?'
  );
}

/** A photo when there is one, else initials on a brand-tinted circle. */
export function Avatar({ name, photo, size = 'md' }: { name: string; photo?: string | null | undefined; size?: 'sm' | 'md' }) {
  const dimension = size === 'sm' ? 'h-8 w-8 text-xs' : 'h-10 w-10 text-sm';
  if (photo) return <img src={photo} alt="" className={cx('shrink-0 rounded-full object-cover', dimension)} />;
  return (
    <span
      aria-hidden
      className={cx('flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand-strong', dimension)}
    >
      {initials(name)}
    </span>
  );
}
