import { hash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { User } from '../../common/schemas/user.schema.ts';
import type { LoginInput, RegisterInput } from '../../common/schemas/user-input.schema.ts';
import type { TokenRepository, TokenRow } from '../db/repositories/token.repository.ts';
import type { UserRepository, UserRow } from '../db/repositories/user.repository.ts';
import { API_TOKENS_MAX } from '../../common/schemas/api-token.schema.ts';
import { isUniqueViolation, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import { passwordHasher } from './password-hasher.ts';
import type { Clock } from '../clock.ts';
import type { Sessions } from '../realtime/live-streams.ts';

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    user_photo: row.user_photo,
    created_at: row.created_at,
    email_verified_at: row.email_verified_at,
    time_zone: row.time_zone,
  };
}

/** SHA-256 of a token's secret as the hex text stored for it (one-shot: every authenticated request hashes once). */
const hashSecret = (secret: string) => hash('sha256', secret, 'hex');
/** A personal API token lasts until it is revoked: its expiry is beyond any date the app will see. */
export const API_TOKEN_EXPIRES_AT = '9999-12-31T23:59:59.999Z';

/** `last_used_at` is written at most this often per token, so reads stay reads. */
const TOKEN_TOUCH_INTERVAL_MS = 60_000;

/**
 * The parts of a bearer token `<id>|<secret>`, or undefined when it cannot be one of ours: the id
 * exactly as login writes it, decimal digits without a leading zero (not `0x7`, `7e0`, `+7`, `07`
 * or ` 7`, which Number() took), and no larger than an id can be (PostgreSQL's `integer`).
 */
export function parseBearerToken(bearer: string): { id: number; secret: string } | undefined {
  const match = /^([1-9][0-9]{0,9})\|([\s\S]{1,200})$/.exec(bearer);
  const id = Number(match?.[1]);
  if (!match || id > 2_147_483_647) return undefined;
  return { id, secret: match[2]! };
}

/** Whether a stored token is this secret's (compared in constant time) and still valid at `now`. */
export function tokenAccepts(token: Pick<TokenRow, 'token_hash' | 'expires_at'>, secret: string, now: string): boolean {
  // Hex text against hex text, as bytes: the same constant-time comparison without decoding either side.
  const expected = Buffer.from(token.token_hash, 'latin1');
  const actual = Buffer.from(hashSecret(secret), 'latin1');
  return expected.length === actual.length && timingSafeEqual(expected, actual) && token.expires_at > now;
}

/** Whether this use of a token should be written down (`last_used_at`). */
export function tokenNeedsTouch(token: Pick<TokenRow, 'last_used_at'>, now: string): boolean {
  return !token.last_used_at || Date.parse(now) - Date.parse(token.last_used_at) > TOKEN_TOUCH_INTERVAL_MS;
}

export interface AuthDeps {
  users: UserRepository;
  tokens: TokenRepository;
  clock: Clock;
  tokenTtlDays: number;
  /** Called after an account is created, e.g. to turn e-mail invitations into pending shares. */
  onRegistered?: (user: UserRow) => Promise<void>;
  /** Told when a sign-in ends, so its live-update streams end in every process (realtime/live-streams.ts). */
  sessions?: Pick<Sessions, 'ended'>;
}

export function createAuthService(deps: AuthDeps) {
  const { users, tokens, clock } = deps;

  return {
    async isEmailTaken(email: string): Promise<boolean> {
      return Boolean(await users.findByEmail(email.trim().toLowerCase()));
    },

    /** `client` (the caller's address) gets its fair share of the password-hashing queue. */
    async register(input: RegisterInput, language: string | null, client?: string): Promise<User> {
      if (await users.findByEmail(input.email)) {
        throw new ValidationError({ email: ['The email has already been taken.'] });
      }
      const passwordHash = await passwordHasher.hash(input.password, client);
      const now = clock.nowIso();
      let row: UserRow;
      try {
        row = await users.create({ name: input.name, email: input.email, passwordHash, language, now });
      } catch (error) {
        // Two sign-ups racing for one address: the unique index decides. Any other failure (the
        // database unreachable) goes through as itself.
        if (isUniqueViolation(error)) throw new ValidationError({ email: ['The email has already been taken.'] });
        throw error;
      }
      await deps.onRegistered?.(row);
      return presentUser(row);
    },

    async login(input: LoginInput, client?: string, userAgent?: string): Promise<{ user: User; plainTextToken: string }> {
      const row = await users.findByEmail(input.email);
      if (!row) {
        // The same work as for a real account, so timing does not reveal which accounts exist.
        await passwordHasher.verifyNoAccount(input.password, client);
        throw new ValidationError({ email: ['These credentials do not match our records.'] });
      }
      if (!(await passwordHasher.verify(row.password_hash, input.password, client))) {
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
        // Names the session in settings; a header of any length is cut to a sane one.
        userAgent: userAgent?.slice(0, 512) ?? null,
      });
      return { user: presentUser(row), plainTextToken: `${token.id}|${secret}` };
    },

    /**
     * A personal API token (issue 25, decision 039): the same `id|secret` as a session, shown once,
     * never expiring (revoked in Settings), with its scope. Answers the plain token.
     */
    async createApiToken(userId: number, name: string, scope: 'read' | 'write'): Promise<{ plainTextToken: string; row: TokenRow }> {
      if ((await tokens.listApiTokens(userId)).length >= API_TOKENS_MAX) {
        throw new ValidationError({ name: [`You can have at most ${API_TOKENS_MAX} API tokens. Revoke one you no longer use.`] });
      }
      const secret = randomBytes(30).toString('base64url');
      const row = await tokens.create({
        userId,
        name,
        tokenHash: hashSecret(secret),
        expiresAt: API_TOKEN_EXPIRES_AT,
        now: clock.nowIso(),
        apiScope: scope,
      });
      return { plainTextToken: `${row.id}|${secret}`, row };
    },

    /** A person's API tokens, newest first (never their secrets: only hashes are kept). */
    listApiTokens: (userId: number) => tokens.listApiTokens(userId),

    /** Revokes one of the person's API tokens (404 when it is not theirs or already gone); what it held open ends. */
    async revokeApiToken(userId: number, id: number): Promise<void> {
      if (!(await tokens.deleteApiToken(userId, id))) throw new NotFoundError('This API token has already been revoked.');
      deps.sessions?.ended(userId, [id]);
    },

    /** Resolves a bearer token `id|secret` to its user, token id, kind and scope, or throws 401. */
    async authenticate(bearer: string): Promise<{ user: UserRow; tokenId: number; kind: string; scope: string | null }> {
      const parsed = parseBearerToken(bearer);
      if (!parsed) throw new UnauthorizedError();
      const found = await tokens.findWithUser(parsed.id);
      const now = clock.nowIso();
      if (!found || !tokenAccepts(found.token, parsed.secret, now)) throw new UnauthorizedError();
      const { token, user } = found;
      if (tokenNeedsTouch(token, now)) await tokens.touch(token.id, now);
      return { user, tokenId: token.id, kind: token.kind, scope: token.scope };
    },

    /** The stored form of a new password (reset, change). */
    hashPassword(password: string): Promise<string> {
      return passwordHasher.hash(password);
    },

    async logout(tokenId: number): Promise<void> {
      const deleted = await tokens.delete(tokenId);
      if (deleted) deps.sessions?.ended(deleted.user_id, [tokenId]);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
