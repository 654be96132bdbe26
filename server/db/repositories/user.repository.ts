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

    async create(input: { name: string; email: string; passwordHash: string; language: string | null; now: string }): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          name: input.name,
          email: input.email,
          password_hash: input.passwordHash,
          user_photo: null,
          language: input.language,
          created_at: input.now,
          updated_at: input.now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
  };
}
export type UserRepository = ReturnType<typeof createUserRepository>;
