import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Comment } from '../../../common/schemas/comment.schema.ts';
import common from '../../i18n/locales/en/common.json';
import comments from '../../i18n/locales/en/comments.json';
import { commentTimeText } from '../../lib/relative-time.ts';
import { CommentsPanel } from './comments-panel.tsx';
import { renderWithProviders } from '../../test-render.tsx';

describe('comment times (spec §9)', () => {
  const now = new Date(2026, 5, 15, 12, 0, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const minute = 60_000;

  test('under a minute is Just now, also for a clock slightly ahead', () => {
    expect(commentTimeText(ago(59_000), now, 'en', 'Just now')).toBe('Just now');
    expect(commentTimeText(ago(-5_000), now, 'en', 'Just now')).toBe('Just now');
  });

  test('minutes under an hour and hours under a day, as Nm ago and Nh ago', () => {
    expect(commentTimeText(ago(minute), now, 'en', 'Just now')).toBe('1m ago');
    expect(commentTimeText(ago(59 * minute), now, 'en', 'Just now')).toBe('59m ago');
    expect(commentTimeText(ago(60 * minute), now, 'en', 'Just now')).toBe('1h ago');
    expect(commentTimeText(ago(1439 * minute), now, 'en', 'Just now')).toBe('23h ago');
  });

  test('a day or more is a short date, with the year only when it is not this year', () => {
    expect(commentTimeText(new Date(2026, 2, 3, 9).toISOString(), now, 'en', 'Just now')).toBe('Mar 3');
    expect(commentTimeText(new Date(2025, 11, 24, 9).toISOString(), now, 'en', 'Just now')).toBe('Dec 24, 2025');
  });

  test('other languages use their own words', () => {
    expect(commentTimeText(ago(5 * minute), now, 'ar', 'الآن')).toContain('دقائق');
    expect(commentTimeText(ago(3 * 60 * minute), now, 'de', 'Gerade eben')).toMatch(/^vor\s3\sStd\.$/u);
    expect(commentTimeText(ago(5 * minute), now, 'fr', 'À l’instant')).toMatch(/^il y a\s5\smin$/u);
  });
});

const comment = (overrides: Partial<Comment>): Comment => ({
  id: 1,
  task_id: 9,
  user_id: 1,
  user_name: 'Olivia Owner',
  user_photo: null,
  content: 'Hello',
  parent_id: null,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  children: [],
  ...overrides,
});

async function renderPanel(currentUserId: number) {
  return renderWithProviders(<CommentsPanel task={{ id: 9 }} currentUserId={currentUserId} />, { common, comments });
}

describe('comments panel', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const tree = [
    comment({
      id: 1,
      user_id: 1,
      content: 'First thoughts',
      children: [comment({ id: 2, user_id: 2, user_name: 'Rami', parent_id: 1, content: 'Agreed' })],
    }),
    comment({ id: 3, user_id: 2, user_name: 'Rami', content: 'Another point' }),
  ];
  beforeEach(() => {
    localStorage.setItem('taskaty_token', 'test-token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  test('replies are offered only on top-level comments and editing only on my own', async () => {
    fetchMock.mockResolvedValue(Response.json({ comments: tree }));
    await renderPanel(2);
    const items = await screen.findAllByTestId('comment');
    const byId = (id: number) => items.find((item) => item.dataset.commentId === String(id))!;
    expect(within(byId(1)).getByTestId('comment-reply')).toBeInTheDocument();
    expect(within(byId(1)).queryByTestId('comment-edit')).toBeNull();
    expect(within(byId(2)).queryByTestId('comment-reply')).toBeNull();
    expect(within(byId(2)).getByTestId('comment-edit')).toBeInTheDocument();
    expect(within(byId(3)).getByTestId('comment-reply')).toBeInTheDocument();
    expect(within(byId(3)).getByTestId('comment-edit')).toBeInTheDocument();
    expect(within(byId(1)).getByText('Just now')).toBeInTheDocument();
  });

  test('the add box expands on focus and collapses on blur when empty', async () => {
    fetchMock.mockResolvedValue(Response.json({ comments: [] }));
    const user = await renderPanel(1);
    expect(await screen.findByText('No comments yet')).toBeInTheDocument();
    const box = screen.getByTestId('comment-box');
    expect(box).toHaveAttribute('data-expanded', 'false');
    await user.click(screen.getByLabelText('Add a comment'));
    expect(box).toHaveAttribute('data-expanded', 'true');
    await user.type(screen.getByLabelText('Add a comment'), '   ');
    expect(within(box).getByRole('button', { name: 'Comment' })).toBeDisabled();
    await user.tab();
    await waitFor(() => expect(box).toHaveAttribute('data-expanded', 'false'));
  });

  test('a comment is sent trimmed with the task id as a string, and a failure says so', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? new Response('down', { status: 503 }) : Response.json({ comments: [] }),
    );
    const user = await renderPanel(1);
    await user.type(await screen.findByLabelText('Add a comment'), '  Looks good  ');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ task_id: '9', content: 'Looks good', parent_id: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to add comment');
  });

  test('a reply goes to its top-level comment', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? Response.json({ message: 'Comment added', comment: comment({ id: 4, parent_id: 3 }) }, { status: 201 })
        : Response.json({ comments: tree }),
    );
    const user = await renderPanel(1);
    const items = await screen.findAllByTestId('comment');
    await user.click(within(items.find((item) => item.dataset.commentId === '3')!).getByTestId('comment-reply'));
    const replyBox = screen.getByTestId('reply-box');
    await user.type(within(replyBox).getByRole('textbox'), 'On it');
    await user.click(within(replyBox).getByRole('button', { name: 'Reply' }));
    await waitFor(() => expect(screen.queryByTestId('reply-box')).toBeNull());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]?.body))).toEqual({ task_id: '9', content: 'On it', parent_id: 3 });
  });
});
