import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches now, and a new render when that changes (a window resized, a
 * phone turned). Read during render, so the first paint is already the right layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
  );
}

/** Below Tailwind's `md`: the signed-in screens' phone layout (tabs and quick add at the bottom). */
export const PHONE_LAYOUT = '(width < 48rem)';
