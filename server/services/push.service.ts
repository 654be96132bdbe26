import { createECDH } from 'node:crypto';
import { UAParser } from 'ua-parser-js';
import { PUSH_SUBSCRIPTIONS_MAX, type PushBrowser, type PushSubscriptionInput } from '../../common/schemas/push.schema.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/database.ts';
import { createPushRepository, type PushSubscriptionRow } from '../db/repositories/push.repository.ts';
import type { UserRow } from '../db/repositories/user.repository.ts';
import { AppError, NotFoundError, ValidationError } from '../errors.ts';
import { refusalOf } from '../outbound/guarded-request.ts';
import type { VapidKeys } from '../push/vapid-keys.ts';
import { PUSH_SUBSCRIPTION_NOT_FOUND } from '../../common/schemas/push.schema.ts';

const present = (row: PushSubscriptionRow): PushBrowser => {
  const agent = row.user_agent ? new UAParser(row.user_agent).getResult() : undefined;
  return {
    id: Number(row.id),
    browser: agent?.browser.name ?? null,
    os: agent?.os.name ?? null,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
  };
};

/** Whether a browser's key is a point of P-256: messages are encrypted to it, so one that is not could never be sent. */
function onCurve(p256dh: string): boolean {
  try {
    const ours = createECDH('prime256v1');
    ours.generateKeys();
    ours.computeSecret(Buffer.from(p256dh, 'base64url'));
    return true;
  } catch {
    return false;
  }
}

/** The browsers a person allowed to show notifications (issue 22, Settings → Notifications). */
export function createPushService(deps: { database: Database; clock: Clock; vapid: () => Promise<VapidKeys>; allowPrivate: boolean }) {
  const push = createPushRepository(deps.database.db);
  const list = async (user: UserRow) => (await push.list(user.id)).map(present);

  return {
    publicKey: async () => (await deps.vapid()).publicKey,
    list,

    /**
     * Saves this browser's subscription. Its endpoint is an address the server will post to, so it
     * must be a public HTTPS address (server/outbound) unless OUTBOUND_ALLOW_PRIVATE says otherwise.
     * It lasts as long as the sign-in that saves it (signing out removes it).
     */
    async subscribe(
      user: UserRow,
      tokenId: number,
      input: PushSubscriptionInput,
      userAgent: string | undefined,
    ): Promise<{ id: number; subscriptions: PushBrowser[] }> {
      const refusal = refusalOf(input.endpoint, deps.allowPrivate);
      if (refusal) throw new ValidationError({ endpoint: [refusal] });
      if (!onCurve(input.keys.p256dh)) throw new ValidationError({ 'keys.p256dh': ['The p256dh key is not a P-256 public key.'] });
      const existing = await push.list(user.id);
      if (existing.length >= PUSH_SUBSCRIPTIONS_MAX && !existing.some((row) => row.endpoint === input.endpoint))
        throw new AppError(422, `Push can be enabled in at most ${PUSH_SUBSCRIPTIONS_MAX} browsers. Remove one first.`);
      await push.subscribe({
        userId: user.id,
        tokenId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent?.slice(0, 500) ?? null,
        now: deps.clock.nowIso(),
      });
      const rows = await push.list(user.id);
      return { id: Number(rows.find((row) => row.endpoint === input.endpoint)!.id), subscriptions: rows.map(present) };
    },

    async remove(user: UserRow, id: number): Promise<PushBrowser[]> {
      if (!(await push.remove(user.id, id))) throw new NotFoundError(PUSH_SUBSCRIPTION_NOT_FOUND);
      return list(user);
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
