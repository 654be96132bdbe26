import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { SessionProvider, useSession } from './session.tsx';

const user = (id: number) => ({
  id,
  name: `User ${id}`,
  email: `u${id}@example.com`,
  user_photo: null,
  created_at: '',
  email_verified_at: null,
  time_zone: null,
});

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ message: 'Logged out' })),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

test("a change of account forgets what was fetched for the previous one; the same account's refresh keeps it", async () => {
  localStorage.setItem('taskaty_user', JSON.stringify(user(1)));
  localStorage.setItem('taskaty_token', '1|first');
  const client = new QueryClient();
  let session!: ReturnType<typeof useSession>;
  function Probe() {
    session = useSession();
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <SessionProvider>
        <Probe />
      </SessionProvider>
    </QueryClientProvider>,
  );
  client.setQueryData(['user'], { user: user(1) });
  client.setQueryData(['tasks', 'detail', 5], { task: 'of user 1' });

  // The same token with a fresher user (an address verified): the cache stays.
  act(() => session.signIn({ ...user(1), email_verified_at: '2026-01-01T00:00:00.000Z' }, '1|first'));
  expect(client.getQueryData(['tasks', 'detail', 5])).toEqual({ task: 'of user 1' });

  // Signing out, then in as someone else: nothing of user 1 is left to show or to write back.
  await act(() => session.signOut());
  expect(client.getQueryData(['user'])).toBeUndefined();
  expect(client.getQueryData(['tasks', 'detail', 5])).toBeUndefined();
  client.setQueryData(['user'], { user: user(1) });
  act(() => session.signIn(user(2), '2|second'));
  act(() => session.signIn(user(3), '3|third'));
  expect(client.getQueryData(['user'])).toBeUndefined();
});
