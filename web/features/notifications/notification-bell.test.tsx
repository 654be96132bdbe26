import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Task } from '../../../common/schemas/task.schema.ts';
import common from '../../i18n/locales/en/common.json';
import notifications from '../../i18n/locales/en/notifications.json';
import sharing from '../../i18n/locales/en/sharing.json';
import { badgeText, NotificationBell } from './notification-bell.tsx';
import { renderWithProviders } from '../../test-render.tsx';

const pendingTask = (id: number, overrides: Partial<Task> = {}): Task => ({
  id,
  user_id: 99,
  title: `Shared task ${id}`,
  description: '',
  due_date: null,
  due_time: null,
  recurrence: null,
  recurrence_from: 'due_date',
  priority: 'medium',
  is_completed: 0,
  labels: [],
  shared_with: [],
  subtask_progress: null,
  owner: { id: 99, name: 'Olivia Owner', email: 'olivia@example.com', user_photo: null },
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  revision: 0,
  ...overrides,
});

test('the badge counts up to 9, then shows 9+, and is hidden at 0', () => {
  expect([0, 1, 9, 10, 42].map(badgeText)).toEqual([null, '1', '9', '9+', '9+']);
});

async function renderBell() {
  return renderWithProviders(
    <>
      <NotificationBell />
      <p>Outside</p>
    </>,
    { common, sharing, notifications },
  );
}

const NO_NOTIFICATIONS = { notifications: [], unread_count: 0, has_more: false };

describe('notification bell', () => {
  const fetchMock = vi.fn<typeof fetch>();
  /** The pending shares' answers as each test gives them; the notification centre, empty unless a test says otherwise. */
  const serve = (pending: typeof fetch, notificationPage: (url: string, init?: RequestInit) => unknown = () => NO_NOTIFICATIONS) =>
    fetchMock.mockImplementation(async (url, init) =>
      String(url).startsWith('/api/notifications') ? Response.json(notificationPage(String(url), init)) : pending(url, init),
    );
  beforeEach(() => {
    localStorage.setItem('taskaty_token', 'test-token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  test('the dropdown previews each pending share and closes on Escape and on a click outside', async () => {
    const labels = ['One', 'Two', 'Three', 'Four', 'Five'].map((name, id) => ({ id, name, color: null }));
    const description = `**Bold** start ${'word '.repeat(40)}`;
    serve(async () => Response.json({ pending_tasks: [pendingTask(1, { labels, description }), pendingTask(2)] }));
    const user = await renderBell();
    const button = await screen.findByRole('button', { name: 'Notifications: 2 pending shares' });
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('2');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const [first] = await screen.findAllByTestId('pending-share');
    expect(within(first!).getByTestId('pending-title')).toHaveTextContent('Shared task 1');
    expect(within(first!).getByTestId('pending-owner')).toHaveTextContent('Shared by');
    expect(within(first!).getByTestId('pending-owner')).toHaveTextContent('Olivia Owner');
    const previewText = within(first!).getByTestId('pending-preview').textContent!;
    expect(previewText.startsWith('Bold start word')).toBe(true);
    expect(previewText.endsWith('…')).toBe(true);
    expect([...previewText].length).toBeLessThanOrEqual(101);
    expect(within(first!).getByTestId('pending-labels')).toHaveTextContent(/^OneTwoThree\+2/);

    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await user.click(button);
    await user.click(screen.getByText('Outside'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('accepting asks for confirmation first, then the share leaves the list', async () => {
    let accepted = false;
    serve(async (url) => {
      if (String(url) === '/api/tasks/5/accept-share') {
        accepted = true;
        return Response.json({ message: 'Share accepted successfully!' });
      }
      return Response.json({ pending_tasks: accepted ? [] : [pendingTask(5)] });
    });
    const user = await renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications: 1 pending share' }));
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(screen.getByText(/Accept this task\?/)).toBeInTheDocument();
    expect(accepted).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Yes, accept' }));
    expect(await screen.findByText('No pending shares')).toBeInTheDocument();
    expect(screen.getByText('All caught up! No pending task shares at the moment.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('bell-badge')).toBeNull());
  });

  test('declining asks for confirmation first, then the share leaves the list and focus stays in the panel', async () => {
    const calls: string[] = [];
    serve(async (url, init) => {
      if (init?.method === 'POST') {
        calls.push(String(url));
        return Response.json({ message: 'Share declined' });
      }
      return Response.json({ pending_tasks: calls.length ? [pendingTask(6)] : [pendingTask(5), pendingTask(6)] });
    });
    const user = await renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications: 2 pending shares' }));
    const [first] = await screen.findAllByTestId('pending-share');
    await user.click(within(first!).getByRole('button', { name: 'Decline' }));
    expect(within(first!).getByText(/Decline this task\?/)).toBeInTheDocument();
    // The confirmation takes focus; Cancel gives it back to Decline.
    expect(within(first!).getByRole('button', { name: 'Yes, decline' })).toHaveFocus();
    await user.click(within(first!).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(first!).getByRole('button', { name: 'Decline' })).toHaveFocus());
    expect(calls).toEqual([]);

    await user.click(within(first!).getByRole('button', { name: 'Decline' }));
    await user.click(within(first!).getByRole('button', { name: 'Yes, decline' }));
    await waitFor(() => expect(screen.getAllByTestId('pending-share')).toHaveLength(1));
    expect(calls).toEqual(['/api/tasks/5/decline-share']);
    expect(screen.getByTestId('pending-title')).toHaveTextContent('Shared task 6');
    expect(screen.getByRole('heading', { name: 'Pending shares' })).toHaveFocus();
    await waitFor(() => expect(screen.getByTestId('bell-badge')).toHaveTextContent('1'));
  });

  test('a failed load shows the message and Try Again', async () => {
    let down = 2;
    serve(async () => (down-- > 0 ? new Response('down', { status: 503 }) : Response.json({ pending_tasks: [] })));
    const user = await renderBell();
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Failed to load pending shares')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No pending shares')).toBeInTheDocument();
  });

  test('unread notifications are a mark of their own on the bell and a count below the pending shares; each opens its task, and all can be read at once', async () => {
    const told = (id: number, kind: string, read_at: string | null, excerpt = '') => ({
      id,
      kind,
      task_id: 40 + id,
      task_title: `Task ${id}`,
      actor: { id: 7, name: 'Farid Friend', user_photo: null },
      excerpt,
      created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
      read_at,
    });
    const writes: Array<[string, string | undefined]> = [];
    let page = {
      notifications: [told(3, 'reply', null, 'I will'), told(2, 'share_accepted', null), told(1, 'comment', '2026-01-01T00:00:00.000Z')],
      unread_count: 2,
      has_more: false,
    };
    serve(
      async () => Response.json({ pending_tasks: [pendingTask(5)] }),
      (url, init) => {
        if (init?.method && init.method !== 'GET') {
          writes.push([url, init.body as string | undefined]);
          page = { ...page, notifications: page.notifications.map((n) => ({ ...n, read_at: n.read_at ?? 'now' })), unread_count: 0 };
          return { message: 'All notifications marked as read', unread_count: 0 };
        }
        return page;
      },
    );
    const user = await renderBell();
    // The spec's badge counts pending shares only; unread notifications are a separate mark, described.
    const button = await screen.findByRole('button', { name: 'Notifications: 1 pending share' });
    expect(screen.getByTestId('bell-badge')).toHaveTextContent('1');
    await waitFor(() => expect(screen.getByTestId('bell-unread')).toBeInTheDocument());
    expect(button).toHaveAccessibleDescription('2 unread notifications');

    await user.click(button);
    const centre = await screen.findByTestId('notifications');
    // Pending shares first, exactly as before; the notifications below them.
    expect(screen.getByTestId('pending-share').compareDocumentPosition(centre) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(centre).getByTestId('notifications-unread-count')).toHaveTextContent('2 unread');
    const items = within(centre).getAllByTestId('notification');
    expect(items.map((item) => item.dataset.kind)).toEqual(['reply', 'share_accepted', 'comment']);
    // Names and titles are isolated (U+2068…U+2069), so each keeps its own direction in the sentence.
    expect(items[0]!.textContent!.replace(/[\u2068\u2069]/g, '')).toContain('Farid Friend replied to your comment on “Task 3”');
    expect(items[0]).toHaveTextContent('I will');
    expect(items[0]).toHaveTextContent('5m ago');
    expect(items.map((item) => item.dataset.unread === 'true')).toEqual([true, true, false]);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute('href', '/dashboard?task=43');
    expect(within(items[2]!).getByRole('button', { name: 'Mark as unread' })).toBeInTheDocument();

    await user.click(within(centre).getByRole('button', { name: 'Mark all as read' }));
    expect(writes.map(([url]) => url)).toEqual(['/api/notifications/read-all']);
    await waitFor(() => expect(screen.queryByTestId('bell-unread')).toBeNull());
    expect(within(centre).queryByTestId('notifications-unread-count')).toBeNull();

    // Opening one closes the dropdown (its address opens the task).
    await user.click(within(screen.getAllByTestId('notification')[1]!).getByRole('link'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
