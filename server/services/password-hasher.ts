import os from 'node:os';
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { AppError } from '../errors.ts';

/**
 * Password hashing and verification through a bounded, fair queue (finding 18c).
 *
 * argon2id is deliberately expensive (~20-40 ms of a core and 19 MiB each). Unbounded, 32 parallel
 * sign-ins from one client queued 32 hashes in libuv's pool and a real sign-in behind them took
 * 5 s instead of 0.18 s. Here:
 * - at most `concurrency` hashes run at once (the core count);
 * - at most `maxWaiting` wait, and at most `maxWaitingPerClient` of them for one client (its
 *   address), so one client cannot take the whole queue;
 * - waiting work is taken round-robin across clients, so a client's own turn comes after at most
 *   one piece of each other client's work, however much that client queued;
 * - past a bound the work is refused at once with 429, `Retry-After` and `{ message }`.
 * One queue per process (`passwordHasher`): the cores it shares are the process's.
 */
export interface PasswordHasherLimits {
  concurrency: number;
  maxWaiting: number;
  maxWaitingPerClient: number;
}

/** 429 for work the queue has no room for; the error handler sends `Retry-After` from it. */
export class HasherBusyError extends AppError {
  readonly retryAfterSeconds = 1;
  constructor() {
    super(429, 'Too many requests. Please slow down.');
  }
}

// Algorithm.Argon2id is an ambient const enum (unusable with isolatedModules); its value is 2.
const ARGON2_OPTIONS = { algorithm: 2 } as const;

export function defaultHasherLimits(cores = os.availableParallelism()): PasswordHasherLimits {
  const concurrency = Math.max(1, cores);
  // 16 hashes a core waiting is ~0.5 s of work at most; a client may hold a quarter of that.
  const maxWaiting = 16 * concurrency;
  return { concurrency, maxWaiting, maxWaitingPerClient: Math.max(2, maxWaiting / 4) };
}

/** Work from callers that name no client (e.g. a signed-in user changing a password) shares this key. */
const NO_CLIENT = '';

export function createPasswordHasher(limits: PasswordHasherLimits = defaultHasherLimits()) {
  let running = 0;
  let waitingCount = 0;
  // Per client, its waiting work in order; the Map's order is the round-robin order.
  const waiting = new Map<string, Array<() => void>>();
  let dummyHash: Promise<string> | undefined;

  function startNext() {
    const first = waiting.entries().next();
    if (first.done) return;
    const [client, queue] = first.value;
    const start = queue.shift()!;
    waiting.delete(client);
    if (queue.length > 0) waiting.set(client, queue); // to the back of the round
    waitingCount -= 1;
    start();
  }

  /**
   * Runs `work` when a slot is free; rejects at once with HasherBusyError when the queue (or this
   * client's share of it) is full. Any argon2 work goes through here.
   */
  function run<T>(work: () => Promise<T>, client: string = NO_CLIENT): Promise<T> {
    const execute = async () => {
      running += 1;
      try {
        return await work();
      } finally {
        running -= 1;
        startNext();
      }
    };
    if (running < limits.concurrency && waitingCount === 0) return execute();
    const queue = waiting.get(client);
    if (waitingCount >= limits.maxWaiting || (client !== NO_CLIENT && (queue?.length ?? 0) >= limits.maxWaitingPerClient)) {
      return Promise.reject(new HasherBusyError());
    }
    return new Promise<T>((resolve, reject) => {
      const start = () => void execute().then(resolve, reject);
      if (queue) queue.push(start);
      else waiting.set(client, [start]);
      waitingCount += 1;
    });
  }

  return {
    limits,
    run,
    /** The argon2id hash of a new password. */
    hash(password: string, client?: string): Promise<string> {
      return run(() => argon2Hash(password, ARGON2_OPTIONS), client);
    },
    verify(passwordHash: string, password: string, client?: string): Promise<boolean> {
      return run(() => argon2Verify(passwordHash, password), client);
    },
    /**
     * The same work as verifying a real account's password, for an e-mail that has none, so the
     * answer's timing does not tell which accounts exist. Always false.
     */
    verifyNoAccount(password: string, client?: string): Promise<false> {
      return run(async () => {
        dummyHash ??= argon2Hash('not-a-real-password', ARGON2_OPTIONS).catch((error: unknown) => {
          dummyHash = undefined;
          throw error;
        });
        await argon2Verify(await dummyHash, password);
        return false as const;
      }, client);
    },
    /** How much is running and waiting now (tests, diagnostics). */
    load(): { running: number; waiting: number } {
      return { running, waiting: waitingCount };
    },
  };
}
export type PasswordHasher = ReturnType<typeof createPasswordHasher>;

/** The process's one queue, used by the auth service. */
export const passwordHasher = createPasswordHasher();
