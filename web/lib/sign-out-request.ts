/**
 * Signing out asked for anywhere (the header, the command palette) goes through one check: the
 * signed-in layout's, which asks first when changes made offline still wait (issue 23).
 */
let ask: (() => void) | undefined;

/** The layout's check, while it is on screen. */
export function onSignOutRequest(check: () => void): () => void {
  ask = check;
  return () => {
    if (ask === check) ask = undefined;
  };
}

/** Signs out through the check, or by `signOut` where no signed-in layout is shown. */
export function requestSignOut(signOut: () => void): void {
  (ask ?? signOut)();
}
