import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
  type NotificationSettingsInput,
} from '../../../common/schemas/notification-settings.schema.ts';
import type { User } from '../../../common/schemas/user.schema.ts';
import { ToastProvider } from '../../components/ui/toast.tsx';
import common from '../../i18n/locales/en/common.json';
import reminders from '../../i18n/locales/en/reminders.json';
import settings from '../../i18n/locales/en/settings.json';
import { renderWithProviders } from '../../test-render.tsx';
import { withInput } from './notification-settings-api.ts';
import { NotificationSettingsSection } from './notification-settings-section.tsx';

const user: User = {
  id: 1,
  name: 'Olivia Owner',
  email: 'olivia@example.com',
  user_photo: null,
  created_at: '2026-01-01T00:00:00.000Z',
  email_verified_at: '2026-01-02T00:00:00.000Z',
  time_zone: null,
};

/** What the server holds: comments by e-mail too, quiet hours at night, a reminder 30 minutes before. */
const SAVED: NotificationSettings = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, comment: { in_app: true, email: true, push: true } },
  quiet_hours: { start: '22:00', end: '07:00' },
  default_reminder_minutes: 30,
};

const n = settings.notifications;
const fetchMock = vi.fn<typeof fetch>();
const requests = (method: string) => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method);
const sent = (method: string, index = 0) => JSON.parse(String(requests(method)[index]?.[1]?.body)) as unknown;

/** The API as a test gives it: GET answers `saved`; PUT and the test button answer as the test says, by default a success. */
function serve(options: { put?: (body: NotificationSettingsInput) => Response | Promise<Response>; test?: () => Response } = {}) {
  const {
    put = (body) => Response.json({ message: 'Notification settings saved', settings: withInput(SAVED, body) }),
    test = () => Response.json({ message: 'Test notification sent', channels: ['email'] }),
  } = options;
  fetchMock.mockImplementation(async (url, init) => {
    const method = init?.method ?? 'GET';
    if (String(url) === '/api/notifications/test' && method === 'POST') return test();
    if (String(url) === '/api/user/notification-settings' && method === 'PUT')
      return put(JSON.parse(String(init?.body)) as NotificationSettingsInput);
    if (String(url) === '/api/user/notification-settings') return Response.json({ settings: SAVED });
    if (String(url) === '/api/push/subscriptions') return Response.json({ subscriptions: [] });
    return Response.json({ message: 'Not found' }, { status: 404 });
  });
}

async function renderSection(who: User = user) {
  const u = await renderWithProviders(
    <ToastProvider>
      <NotificationSettingsSection user={who} />
    </ToastProvider>,
    { common, settings, reminders },
  );
  await screen.findByRole('table');
  return u;
}

const box = (name: string) => screen.getByRole('checkbox', { name });
const toggle = (name: string) => screen.getByRole('switch', { name });

describe('notification settings', () => {
  beforeEach(() => {
    localStorage.setItem('taskaty_token', 'test-token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  test('shows the saved settings: kind × channel, quiet hours, no digest, the default reminder', async () => {
    serve();
    await renderSection();
    expect(box('Reminders in the app')).toBeChecked();
    expect(box('Reminders by e-mail')).toBeChecked();
    expect(box('Comments and replies by e-mail')).toBeChecked();
    expect(box('Invitation answers in the app')).toBeChecked();
    expect(box('Invitation answers by e-mail')).not.toBeChecked();
    expect(box('Repeating tasks by e-mail')).not.toBeChecked();
    expect(box('Reminders as push notifications')).toBeChecked();
    expect(box('Repeating tasks as push notifications')).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(15);
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([n.kindColumn, n.channel.in_app, n.channel.email, n.channel.push]);

    expect(toggle(n.quietHours.title)).toBeChecked();
    expect(toggle(n.quietHours.title)).toHaveAccessibleDescription(n.quietHours.description);
    expect(screen.getByLabelText(n.quietHours.start)).toHaveValue('22:00');
    expect(screen.getByLabelText(n.quietHours.end)).toHaveValue('07:00');
    expect(toggle(n.digest.title)).not.toBeChecked();
    expect(screen.queryByLabelText(n.digest.time)).toBeNull();

    const reminder = screen.getByRole('combobox', { name: n.defaultReminder.title });
    expect(reminder).toHaveDisplayValue('30 minutes before');
    expect(
      within(reminder)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'None',
      'At the due time',
      '5 minutes before',
      '10 minutes before',
      '15 minutes before',
      '30 minutes before',
      '1 hour before',
      '2 hours before',
      '1 day before',
    ]);
    // The address is verified: no note about it.
    expect(screen.queryByText(n.emailUnverified)).toBeNull();
  });

  test('an address not yet verified gets a quiet note that e-mails wait for it', async () => {
    serve();
    await renderSection({ ...user, email_verified_at: null });
    expect(screen.getByText(n.emailUnverified)).toBeInTheDocument();
    // The e-mail boxes can still be chosen.
    expect(box('Comments and replies by e-mail')).toBeEnabled();
  });

  test('ticking a box shows at once and sends that box alone', async () => {
    let answer: (response: Response) => void = () => {};
    serve({ put: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const u = await renderSection();
    await u.click(box('Invitation answers by e-mail'));
    expect(box('Invitation answers by e-mail')).toBeChecked();
    await waitFor(() => expect(requests('PUT')).toHaveLength(1));
    expect(sent('PUT')).toEqual({ channels: { share_answer: { email: true } } });

    answer(
      Response.json({
        message: 'Notification settings saved',
        settings: withInput(SAVED, { channels: { share_answer: { email: true } } }),
      }),
    );
    await waitFor(() => expect(box('Invitation answers by e-mail')).toBeChecked());
    // A box says its own state: no toast for it.
    expect(screen.queryByText(n.saved)).toBeNull();
  });

  test('a switch turned on shows on in the click itself, before the save is even sent', async () => {
    serve({ put: () => new Promise<Response>(() => {}) });
    await renderSection();
    // fireEvent is synchronous: nothing else runs between the click and the look (CI saw a switch flick back).
    fireEvent.click(toggle(n.digest.title));
    expect(toggle(n.digest.title)).toBeChecked();
    fireEvent.click(box('Invitation answers by e-mail'));
    expect(box('Invitation answers by e-mail')).toBeChecked();
    await waitFor(() => expect(requests('PUT')).toHaveLength(1));
  });

  test('a push box is sent as that channel alone', async () => {
    let answer: (response: Response) => void = () => {};
    serve({ put: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const u = await renderSection();
    await u.click(box('Comments and replies as push notifications'));
    expect(box('Comments and replies as push notifications')).not.toBeChecked();
    await waitFor(() => expect(requests('PUT')).toHaveLength(1));
    expect(sent('PUT')).toEqual({ channels: { comment: { push: false } } });

    const saved = Response.json({
      message: 'Notification settings saved',
      settings: withInput(SAVED, { channels: { comment: { push: false } } }),
    });
    answer(saved);
    await waitFor(() => expect(saved.bodyUsed).toBe(true));
    // The comment's other channels stay as they were.
    expect(box('Comments and replies as push notifications')).not.toBeChecked();
    expect(box('Comments and replies by e-mail')).toBeChecked();
    expect(box('Comments and replies in the app')).toBeChecked();
  });

  test('a failed push box goes back to what it was, the others kept', async () => {
    serve({ put: () => new Response('', { status: 500 }) });
    const u = await renderSection();
    await u.click(box('Mentions as push notifications'));
    expect(await screen.findByRole('alert')).toHaveTextContent(n.saveFailed);
    expect(box('Mentions as push notifications')).toBeChecked();
    expect(box('Mentions by e-mail')).toBeChecked();
  });

  test('the browsers with push are listed below the grid', async () => {
    serve();
    await renderSection();
    // No browser yet; push cannot be had in this test's browser (no service worker), which is said quietly.
    expect(await screen.findByTestId('push-browsers-empty')).toHaveTextContent(n.push.empty);
    expect(screen.getByTestId('push-unsupported')).toHaveTextContent(n.push.unsupported);
    expect(screen.queryByRole('button', { name: n.push.enable })).toBeNull();
  });

  test('a box whose change fails goes back, and the failure is said', async () => {
    let answer: (response: Response) => void = () => {};
    serve({ put: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const u = await renderSection();
    await u.click(box('Comments and replies in the app'));
    await waitFor(() => expect(requests('PUT')).toHaveLength(1));
    expect(box('Comments and replies in the app')).not.toBeChecked();
    expect(sent('PUT')).toEqual({ channels: { comment: { in_app: false } } });

    answer(new Response('', { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(n.saveFailed);
    expect(box('Comments and replies in the app')).toBeChecked();
  });

  test('changes are sent one after another; a failed one takes back only itself', async () => {
    const answers: Array<(response: Response) => void> = [];
    serve({ put: () => new Promise<Response>((resolve) => answers.push(resolve)) });
    const u = await renderSection();
    await u.click(box('Repeating tasks by e-mail'));
    await u.click(box('Invitation answers by e-mail'));
    expect(box('Repeating tasks by e-mail')).toBeChecked();
    expect(box('Invitation answers by e-mail')).toBeChecked();
    // The second waits for the first.
    await waitFor(() => expect(requests('PUT')).toHaveLength(1));

    answers[0]!(new Response('', { status: 500 }));
    await waitFor(() => expect(box('Repeating tasks by e-mail')).not.toBeChecked());
    expect(box('Invitation answers by e-mail')).toBeChecked();
    await waitFor(() => expect(requests('PUT')).toHaveLength(2));
    expect(sent('PUT', 1)).toEqual({ channels: { share_answer: { email: true } } });

    answers[1]!(
      Response.json({
        message: 'Notification settings saved',
        settings: withInput(SAVED, { channels: { share_answer: { email: true } } }),
      }),
    );
    await waitFor(() => expect(requests('PUT')).toHaveLength(2));
    expect(box('Invitation answers by e-mail')).toBeChecked();
    expect(box('Repeating tasks by e-mail')).not.toBeChecked();
  });

  test('a 422 on a time lands under its field, which keeps what was typed', async () => {
    serve({
      put: () =>
        Response.json(
          { message: 'The time must be written as HH:MM.', errors: { 'quiet_hours.start': ['The time must be written as HH:MM.'] } },
          { status: 422 },
        ),
    });
    await renderSection();
    const start = screen.getByLabelText(n.quietHours.start);
    fireEvent.change(start, { target: { value: '23:30' } });
    fireEvent.blur(start);

    await waitFor(() => expect(start).toHaveAccessibleDescription('The time must be written as HH:MM.'));
    expect(start).toHaveAttribute('aria-invalid', 'true');
    expect(start).toHaveValue('23:30');
    expect(screen.getByLabelText(n.quietHours.end)).not.toHaveAttribute('aria-invalid');
    expect(sent('PUT')).toEqual({ quiet_hours: { start: '23:30', end: '07:00' } });

    // Editing the field clears its message.
    fireEvent.change(start, { target: { value: '23:45' } });
    expect(start).not.toHaveAttribute('aria-invalid');
  });

  test('quiet hours that end when they start are the schema’s message, under the end, and nothing is sent', async () => {
    serve();
    await renderSection();
    const end = screen.getByLabelText(n.quietHours.end);
    fireEvent.change(end, { target: { value: '22:00' } });
    fireEvent.blur(end);
    await waitFor(() => expect(end).toHaveAccessibleDescription('Quiet hours must end at another time than they start.'));
    expect(requests('PUT')).toHaveLength(0);
  });

  test('a changed time is saved when its field is left, and said in a toast', async () => {
    serve();
    await renderSection();
    const end = screen.getByLabelText(n.quietHours.end);
    fireEvent.change(end, { target: { value: '06:30' } });
    expect(requests('PUT')).toHaveLength(0);
    fireEvent.blur(end);
    expect(await screen.findByText(n.saved)).toBeInTheDocument();
    expect(sent('PUT')).toEqual({ quiet_hours: { start: '22:00', end: '06:30' } });
    expect(end).toHaveValue('06:30');
  });

  test('the digest and quiet hours are turned on and off with their switches', async () => {
    serve();
    const u = await renderSection();
    await u.click(toggle(n.digest.title));
    expect(screen.getByLabelText(n.digest.time)).toHaveValue('08:00');
    await waitFor(() => expect(requests('PUT')).toHaveLength(1));
    expect(sent('PUT', 0)).toEqual({ digest_time: '08:00' });

    await u.click(toggle(n.quietHours.title));
    expect(screen.queryByLabelText(n.quietHours.start)).toBeNull();
    await waitFor(() => expect(requests('PUT')).toHaveLength(2));
    expect(sent('PUT', 1)).toEqual({ quiet_hours: null });
  });

  test('the default reminder is saved as it is chosen; None is null', async () => {
    serve();
    const u = await renderSection();
    const reminder = screen.getByRole('combobox', { name: n.defaultReminder.title });
    await u.selectOptions(reminder, '1 hour before');
    expect(await screen.findByText(n.saved)).toBeInTheDocument();
    expect(sent('PUT', 0)).toEqual({ default_reminder_minutes: 60 });
    await u.selectOptions(reminder, 'None');
    await waitFor(() => expect(requests('PUT')).toHaveLength(2));
    expect(sent('PUT', 1)).toEqual({ default_reminder_minutes: null });
  });

  test('the test button names the channels that carried it', async () => {
    serve({ test: () => Response.json({ message: 'Test notification sent', channels: ['email', 'push'] }) });
    const u = await renderSection();
    await u.click(screen.getByRole('button', { name: n.test.button }));
    expect(await screen.findByText('Test notification sent by e-mail and as a push notification.')).toBeInTheDocument();
    expect(requests('POST')).toHaveLength(1);
  });

  test('a test carried by push alone says so', async () => {
    serve({ test: () => Response.json({ message: 'Test notification sent', channels: ['push'] }) });
    const u = await renderSection({ ...user, email_verified_at: null });
    await u.click(screen.getByRole('button', { name: n.test.button }));
    expect(await screen.findByText('Test notification sent as a push notification.')).toBeInTheDocument();
  });

  test('the test button says the server’s reason when no channel can carry it', async () => {
    const reason = 'Verify your e-mail address or enable push in a browser to receive notifications.';
    serve({ test: () => Response.json({ message: reason }, { status: 422 }) });
    const u = await renderSection({ ...user, email_verified_at: null });
    await u.click(screen.getByRole('button', { name: n.test.button }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
  });
});
