import { useState } from 'react';
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

const SIZES = {
  xs: 'h-5 w-5 text-[0.625rem]',
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-20 w-20 text-2xl',
  xl: 'h-24 w-24 text-3xl',
} as const;

/**
 * A photo when there is one (spec §3 user_photo), else initials on a brand-tinted circle; a photo
 * that cannot be loaded (removed meanwhile) falls back to the initials too. Decorative: the name
 * is always written beside it.
 */
export function Avatar({
  name,
  photo,
  size = 'md',
  className,
}: {
  name: string;
  photo?: string | null | undefined;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [broken, setBroken] = useState<string | null>(null);
  const dimension = SIZES[size];
  if (photo && broken !== photo)
    return (
      <img
        src={photo}
        alt=""
        onError={() => setBroken(photo)}
        className={cx('shrink-0 rounded-full bg-surface-2 object-cover', dimension, className)}
      />
    );
  return (
    <span
      aria-hidden
      className={cx(
        'flex shrink-0 items-center justify-center rounded-full bg-brand-soft font-semibold text-brand-strong select-none',
        dimension,
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
