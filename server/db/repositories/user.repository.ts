import type { Kysely, Selectable } from 'kysely';
import type { Tables, UsersTable } from '../tables.ts';

export type UserRow = Selectable<UsersTable>;

export function createUserRepository(db: Kysely<Tables>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
    },

    /** The account at this address only once the address is proven: what shares may attach to. */
    findVerifiedByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email).where('email_verified_at', 'is not', null).executeTakeFirst();
    },

    async markEmailVerified(id: number, email: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ email_verified_at: now, updated_at: now })
        .where('id', '=', id)
        .where('email', '=', email)
        .where('email_verified_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** An e-mail change proven by the link mailed to the new address. */
    async changeEmail(id: number, email: string, now: string): Promise<void> {
      await db.updateTable('users').set({ email, email_verified_at: now, updated_at: now }).where('id', '=', id).execute();
    },

    async setName(id: number, name: string, now: string): Promise<void> {
      await db.updateTable('users').set({ name, updated_at: now }).where('id', '=', id).execute();
    },

    /** The IANA zone a person set (migration 008), null when none: their "today" on the server. */
    async setTimeZone(id: number, timeZone: string | null, now: string): Promise<void> {
      await db.updateTable('users').set({ time_zone: timeZone, updated_at: now }).where('id', '=', id).execute();
    },

    async timeZoneOf(id: number): Promise<string | null> {
      const row = await db.selectFrom('users').select('time_zone').where('id', '=', id).executeTakeFirst();
      return row?.time_zone ?? null;
    },

    async setPhoto(id: number, userPhoto: string | null, now: string): Promise<void> {
      await db.updateTable('users').set({ user_photo: userPhoto, updated_at: now }).where('id', '=', id).execute();
    },

    async delete(id: number): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    async setPasswordHash(id: number, passwordHash: string, now: string): Promise<void> {
      await db.updateTable('users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute();
    },

    async create(input: { name: string; email: string; passwordHash: string; language: string | null; now: string }): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          name: input.name,
          email: input.email,
          password_hash: input.passwordHash,
          user_photo: null,
          language: input.language,
          email_verified_at: null,
          created_at: input.now,
          updated_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
