import { useEffect } from 'react';
import { PushBrowsersWriteResponse } from '../../common/schemas/push.schema.ts';
import { apiRequest } from './api-client.ts';
import { existingPushSubscription } from './web-push.ts';

/** Who enabled push in this browser (their user id), so only they get it back on signing in here. */
const PUSH_OWNER_KEY = 'taskaty_push_user';

export const rememberPushOwner = (userId: number) => {
  try {
    localStorage.setItem(PUSH_OWNER_KEY, String(userId));
  } catch {
    // Storage refused (private mode): push still works; it is just not renewed on the next sign-in.
  }
};

/**
 * Push lasts as long as the sign-in that enabled it (the server removes the browser on sign-out,
 * decision 028). When the person who enabled it signs in here again, and the browser still has
 * its subscription and permission, it is saved again for the new sign-in, silently. Anyone else
 * signing in on this browser gets no push until they enable it themselves.
 */
export function usePushRenewal(userId: number | undefined, token: string | undefined) {
  useEffect(() => {
    if (!userId || !token) return;
    let owner: string | null = null;
    try {
      owner = localStorage.getItem(PUSH_OWNER_KEY);
    } catch {
      return;
    }
    if (owner !== String(userId)) return;
    void existingPushSubscription()
      .then((subscription) =>
        subscription
          ? apiRequest('/api/push/subscriptions', { method: 'POST', body: subscription, schema: PushBrowsersWriteResponse })
          : undefined,
      )
      // Renewal is a courtesy: the settings page offers "Enable push" if it did not work.
      .catch(() => undefined);
  }, [userId, token]);
}
