import type { KeyboardEvent } from 'react';

/**
 * For a link the product calls a button (spec §2: "Back to Home button"): announced as a
 * button and pressed by Space like one, while staying a real link underneath, so it works
 * before any script and opens in a new tab.
 */
export const buttonRoleProps = {
  role: 'button',
  onKeyDown: (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === ' ') {
      event.preventDefault();
      event.currentTarget.click();
    }
  },
} as const;
