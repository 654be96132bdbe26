import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { LoginInput, RegisterInput, User } from '../../common/schemas/user.schema.ts';
import type { TokenRepository } from '../db/repositories/token.repository.ts';
import type { UserRepository, UserRow } from '../db/repositories/user.repository.ts';
import { UnauthorizedError, ValidationError } from '../errors.ts';
import type { Clock } from '../clock.ts';

// Algorithm.Argon2id is an ambient const enum (unusable with isolatedModules); its value is 2.
const ARGON2_OPTIONS = { algorithm: 2 } as const;
/** Verified against when the e-mail is unknown, so timing does not reveal which accounts exist. */
let dummyHash: Promise<string> | undefined;

export function presentUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, user_photo: row.user_photo, created_at: row.created_at };
}

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export interface AuthDeps {
  users: UserRepository;
  tokens: TokenRepository;
  clock: Clock;
  tokenTtlDays: number;
  /** Called after an account is created, e.g. to turn e-mail invitations into pending shares. */
  onRegistered?: (user: UserRow) => Promise<void>;
}

export function createAuthService(deps: AuthDeps) {
  const { users, tokens, clock } = deps;

  return {
    async isEmailTaken(email: string): Promise<boolean> {
      return Boolean(await users.findByEmail(email.trim().toLowerCase()));
    },

    async register(input: RegisterInput, language: string | null): Promise<User> {
      if (await users.findByEmail(input.email)) {
        throw new ValidationError({ email: ['The email has already been taken.'] });
      }
      const passwordHash = await hash(input.password, ARGON2_OPTIONS);
      const now = clock.nowIso();
      let row: UserRow;
      try {
        row = await users.create({ name: input.name, email: input.email, passwordHash, language, now });
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides.
        if (await users.findByEmail(input.email)) throw new ValidationError({ email: ['The email has already been taken.'] });
        throw error;
      }
      await deps.onRegistered?.(row);
      return presentUser(row);
    },

    async login(input: LoginInput): Promise<{ user: User; plainTextToken: string }> {
      const row = await users.findByEmail(input.email);
      if (!row) {
        dummyHash ??= hash('not-a-real-password', ARGON2_OPTIONS);
        await verify(await dummyHash, input.password);
        throw new ValidationError({ email: ['These credentials do not match our records.'] });
      }
      if (!(await verify(row.password_hash, input.password))) {
        throw new ValidationError({ email: ['These credentials do not match our records.'] });
      }
      const secret = randomBytes(30).toString('base64url');
      const now = clock.now();
      const token = await tokens.create({
        userId: row.id,
        name: 'web',
        tokenHash: hashSecret(secret),
        expiresAt: new Date(now.getTime() + deps.tokenTtlDays * 86_400_000).toISOString(),
        now: now.toISOString(),
      });
      return { user: presentUser(row), plainTextToken: `${token.id}|${secret}` };
    },

    /** Resolves a bearer token `id|secret` to its user and token id, or throws 401. */
    async authenticate(bearer: string): Promise<{ user: UserRow; tokenId: number }> {
      const separator = bearer.indexOf('|');
      const id = Number(bearer.slice(0, separator));
      const secret = bearer.slice(separator + 1);
      if (separator < 1 || !Number.isSafeInteger(id) || id <= 0 || secret.length === 0 || secret.length > 200) {
        throw new UnauthorizedError();
      }
      const token = await tokens.findById(id);
      if (!token) throw new UnauthorizedError();
      const expected = Buffer.from(token.token_hash, 'hex');
      const actual = Buffer.from(hashSecret(secret), 'hex');
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new UnauthorizedError();
      const now = clock.nowIso();
      if (token.expires_at <= now) throw new UnauthorizedError();
      const user = await users.findById(token.user_id);
      if (!user) throw new UnauthorizedError();
      // Written at most once a minute per token so reads stay reads.
      if (!token.last_used_at || Date.parse(now) - Date.parse(token.last_used_at) > 60_000) await tokens.touch(id, now);
      return { user, tokenId: token.id };
    },

    async logout(tokenId: number): Promise<void> {
      await tokens.delete(tokenId);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
