/**
 * Counts failures per key in a fixed window, the way sign-in brute-force protection should:
 * only wrong guesses count, and a success clears the key. A person (or a test suite) signing in
 * correctly many times a minute is never turned away; guessing one account's password is.
 * Counters live in this process, like the other rate limits (docs/security.md).
 */
export class FailureThrottle {
  private readonly entries = new Map<string, { failures: number; resetAt: number }>();

  constructor(
    private readonly options: { maxFailures: number; windowMs: number; maxKeys?: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may try again, or 0 when it may now. */
  retryAfterSeconds(key: string): number {
    const entry = this.current(key);
    if (!entry || entry.failures < this.options.maxFailures) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - this.now()) / 1000));
  }

  fail(key: string): void {
    const entry = this.current(key);
    if (entry) {
      entry.failures += 1;
      return;
    }
    if (this.entries.size >= (this.options.maxKeys ?? 100_000)) this.prune();
    this.entries.set(key, { failures: 1, resetAt: this.now() + this.options.windowMs });
  }

  succeed(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.resetAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Drops expired windows; if all are live, the oldest half, so memory stays bounded. */
  private prune() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.resetAt <= now) this.entries.delete(key);
    if (this.entries.size < (this.options.maxKeys ?? 100_000)) return;
    let drop = Math.ceil(this.entries.size / 2);
    for (const key of this.entries.keys()) {
      if (drop-- <= 0) break;
      this.entries.delete(key);
    }
  }
}

/**
 * Keys seen recently (a set whose entries expire), bounded like FailureThrottle. Sign-in remembers
 * each address + e-mail that signed in correctly, so a person who has signed in from an address
 * before is not turned away by the per-address count that someone else behind the same NAT ran up.
 */
export class RecentKeys {
  private readonly entries = new Map<string, number>();

  constructor(
    private readonly options: { ttlMs: number; maxKeys?: number },
    private readonly now: () => number = Date.now,
  ) {}

  has(key: string): boolean {
    const expiresAt = this.entries.get(key);
    if (expiresAt === undefined) return false;
    if (expiresAt > this.now()) return true;
    this.entries.delete(key);
    return false;
  }

  remember(key: string): void {
    // Re-inserted, so the map stays in expiry order and the oldest go first when it is full.
    this.entries.delete(key);
    const maxKeys = this.options.maxKeys ?? 100_000;
    if (this.entries.size >= maxKeys) {
      for (const oldest of this.entries.keys()) {
        this.entries.delete(oldest);
        if (this.entries.size < maxKeys) break;
      }
    }
    this.entries.set(key, this.now() + this.options.ttlMs);
  }
}
