import { useEffect } from 'react';

/**
 * What this browser remembers of its push (issue 22): who enabled it, its row on the server, and
 * the sign-in (the token's id, not its secret) it was last saved for.
 */
interface PushHere {
  userId: number;
  subscriptionId: number;
  tokenId: string;
}
const PUSH_HERE_KEY = 'taskaty_push';
const tokenIdOf = (token: string) => token.split('|')[0] ?? '';

export function pushHere(): PushHere | null {
  try {
    const stored = JSON.parse(localStorage.getItem(PUSH_HERE_KEY) ?? 'null') as PushHere | null;
    return stored && typeof stored.userId === 'number' && typeof stored.subscriptionId === 'number' ? stored : null;
  } catch {
    return null;
  }
}

/** After push was enabled (or renewed) in this browser: its row, for the person and sign-in. */
export function rememberPushHere(userId: number, subscriptionId: number, token: string) {
  try {
    localStorage.setItem(PUSH_HERE_KEY, JSON.stringify({ userId, subscriptionId, tokenId: tokenIdOf(token) }));
  } catch {
    // Storage refused (private mode): push still works; it is just not renewed on the next sign-in.
  }
}

/** This browser's push was removed (here): it is not renewed, and the browser unsubscribes. */
export async function forgetPushHere() {
  try {
    localStorage.removeItem(PUSH_HERE_KEY);
  } catch {
    // Nothing stored to forget.
  }
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}

/**
 * Push lasts as long as the sign-in that enabled it (the server removes the browser on sign-out,
 * decision 028). When the person who enabled it here signs in here again, with the browser still
 * subscribed and allowed, it is saved for the new sign-in, silently, once: not on every visit, so a
 * browser removed from the list stays removed. Anyone else gets no push until they enable it.
 */
export function usePushRenewal(userId: number | undefined, token: string | undefined) {
  useEffect(() => {
    const here = pushHere();
    if (!userId || !token || !here || here.userId !== userId || here.tokenId === tokenIdOf(token)) return;
    // The push code loads only for a renewal that is due: it is not in the dashboard's first load.
    void import('./web-push.ts')
      .then(({ saveExistingPushSubscription }) => saveExistingPushSubscription())
      .then((subscriptionId) => {
        if (subscriptionId !== null) rememberPushHere(userId, subscriptionId, token);
      })
      // Renewal is a courtesy: the settings page offers "Enable push" if it did not work.
      .catch(() => undefined);
  }, [userId, token]);
}
