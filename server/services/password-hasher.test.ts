import { describe, expect, test } from 'vitest';
import { createPasswordHasher, defaultHasherLimits, HasherBusyError } from './password-hasher.ts';

/**
 * The queue's bounds with real argon2 work. Admission is decided when the work is handed in, so
 * handing in several pieces in one go shows the bounds without relying on how long a hash takes.
 */
describe('password hasher queue', () => {
  test('hashes with argon2id and verifies; an unknown account never verifies', async () => {
    const hasher = createPasswordHasher({ concurrency: 2, maxWaiting: 4, maxWaitingPerClient: 2 });
    const stored = await hasher.hash('correct horse battery', '192.0.2.1');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse battery', '192.0.2.1')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse batterY', '192.0.2.1')).toBe(false);
    expect(await hasher.verifyNoAccount('correct horse battery', '192.0.2.1')).toBe(false);
    expect(hasher.load()).toEqual({ running: 0, waiting: 0 });
  });

  test('runs at most `concurrency` at once, lets `maxWaiting` wait and refuses the next with 429', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 2, maxWaitingPerClient: 2 });
    const accepted = [hasher.hash('first one', 'a'), hasher.hash('second one', 'b'), hasher.hash('third one', 'c')];
    expect(hasher.load()).toEqual({ running: 1, waiting: 2 });
    const refused = hasher.verify('$argon2id$whatever', 'fourth one', 'd');
    await expect(refused).rejects.toBeInstanceOf(HasherBusyError);
    await expect(refused).rejects.toMatchObject({ status: 429, retryAfterSeconds: 1, message: 'Too many requests. Please slow down.' });
    expect(await Promise.all(accepted)).toHaveLength(3);
    // Once the queue has drained there is room again.
    expect(hasher.load()).toEqual({ running: 0, waiting: 0 });
    await expect(hasher.hash('fifth one', 'd')).resolves.toMatch(/^\$argon2id\$/);
  });

  test('one client may hold only its share of the waiting room; other clients still get in', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 10, maxWaitingPerClient: 2 });
    const busy = [hasher.hash('one', 'greedy'), hasher.hash('two', 'greedy'), hasher.hash('three', 'greedy')];
    await expect(hasher.hash('four', 'greedy')).rejects.toBeInstanceOf(HasherBusyError);
    const other = hasher.hash('someone else', 'polite');
    expect(hasher.load()).toEqual({ running: 1, waiting: 3 });
    await expect(other).resolves.toMatch(/^\$argon2id\$/);
    await Promise.all(busy);
  });

  test('waiting work is taken round-robin across clients, so a burst from one does not go first', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 10, maxWaitingPerClient: 5 });
    const order: string[] = [];
    const job = (name: string, client: string) => hasher.hash(name, client).then(() => order.push(name));
    await Promise.all([job('a1', 'a'), job('a2', 'a'), job('a3', 'a'), job('a4', 'a'), job('b1', 'b'), job('c1', 'c')]);
    expect(order).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'a4']);
  });

  test('work that fails frees its slot', async () => {
    const hasher = createPasswordHasher({ concurrency: 1, maxWaiting: 1, maxWaitingPerClient: 1 });
    const broken = hasher.run(() => Promise.reject(new Error('boom')), 'a');
    const next = hasher.hash('after the failure', 'b');
    await expect(broken).rejects.toThrow('boom');
    await expect(next).resolves.toMatch(/^\$argon2id\$/);
    expect(hasher.load()).toEqual({ running: 0, waiting: 0 });
  });

  test('defaults: one hash per core at a time, 16 per core waiting, a quarter of that per client', () => {
    expect(defaultHasherLimits(2)).toEqual({ concurrency: 2, maxWaiting: 32, maxWaitingPerClient: 8 });
    expect(defaultHasherLimits(1)).toEqual({ concurrency: 1, maxWaiting: 16, maxWaitingPerClient: 4 });
  });
});
