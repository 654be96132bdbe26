import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type SignedInUser, type TestApp } from '../../tests/support/test-app.ts';

// Size limits on what a client sends besides the body (413 is in user.routes.test.ts): they hold
// over a real socket, where Node's HTTP parser enforces them before any route runs.
describe('request size limits', () => {
  let t: TestApp;
  let user: SignedInUser;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    user = await t.signUp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  test('a query parameter over its limit is a 422 field error, and nothing is listed', async () => {
    const response = await fetch(`${base}/api/tasks?label=${'x'.repeat(51)}`, { headers: user.headers });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; errors: Record<string, string[]> };
    expect(Object.keys(body.errors)).toEqual(['label']);
  });

  test('an address far beyond any real one is refused before it reaches the app, and the server keeps serving', async () => {
    const response = await fetch(`${base}/api/tasks?label=${'x'.repeat(20_000)}`, { headers: user.headers });
    expect([414, 431]).toContain(response.status);
    const after = await fetch(`${base}/api/tasks`, { headers: user.headers });
    expect(after.status).toBe(200);
  });

  test('an over-long path parameter is a 414 with the usual error body', async () => {
    const response = await fetch(`${base}/api/task/${'9'.repeat(500)}`, { headers: user.headers });
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({ message: 'The address is too long.' });
  });

  test('a malformed percent-encoding in the path is a 400 with the usual error body', async () => {
    const response = await fetch(`${base}/api/task/%E0%A4%A`, { headers: user.headers });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The address is not valid.' });
  });
});
