import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves focus once the screen shows what an action changed: `focusLater(find)` remembers where
 * focus should go and `find` is asked after each render until it names an enabled element. A
 * timer or animation frame would race React's rendering of the new state (a mutation's
 * callbacks run before its pending state ends), so the button could still be missing or disabled.
 */
export function useFocusLater() {
  const target = useRef<(() => HTMLElement | null | undefined) | null>(null);
  const [, render] = useState(0);
  useEffect(() => {
    const element = target.current?.();
    if (!element || (element instanceof HTMLButtonElement && element.disabled)) return;
    target.current = null;
    element.focus();
  });
  return useCallback((find: () => HTMLElement | null | undefined) => {
    target.current = find;
    render((n) => n + 1);
  }, []);
}
