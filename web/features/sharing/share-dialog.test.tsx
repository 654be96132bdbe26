import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import common from '../../i18n/locales/en/common.json';
import sharing from '../../i18n/locales/en/sharing.json';
import { ShareDialog } from './share-dialog.tsx';
import { renderWithProviders } from '../../test-render.tsx';

async function renderDialog() {
  const onClose = vi.fn();
  const user = await renderWithProviders(<ShareDialog task={{ id: 7, title: 'Launch plan' }} onClose={onClose} />, { common, sharing });
  return { user, dialog: screen.getByTestId('share-dialog'), onClose };
}

const emailInput = (n: number) => screen.getByLabelText(`Email address ${n}`);
const rowOf = (n: number) => screen.getAllByTestId('share-email-row')[n - 1]!;
const submit = () => screen.getByRole('button', { name: 'Share' });

describe('share dialog', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    localStorage.setItem('taskaty_token', 'test-token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  test('submit stays disabled while every row is empty', async () => {
    const { user } = await renderDialog();
    expect(submit()).toBeDisabled();
    await user.type(emailInput(1), 'a');
    expect(submit()).toBeEnabled();
    await user.clear(emailInput(1));
    expect(submit()).toBeDisabled();
  });

  test('each row shows its own validation message and nothing is sent', async () => {
    const { user } = await renderDialog();
    await user.type(emailInput(1), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.type(emailInput(2), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.type(emailInput(3), 'ANA@example.com');
    await user.click(submit());
    expect(within(rowOf(1)).queryByTestId('share-email-error')).toBeNull();
    expect(within(rowOf(2)).getByTestId('share-email-error')).toHaveTextContent('Please enter a valid email address');
    expect(within(rowOf(3)).getByTestId('share-email-error')).toHaveTextContent('Duplicate email address');
    expect(emailInput(2)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();

    // Editing a row clears its message.
    await user.clear(emailInput(2));
    expect(within(rowOf(2)).queryByTestId('share-email-error')).toBeNull();
  });

  test('the first row with a message takes focus, and a message stays with its row when another row goes', async () => {
    const { user } = await renderDialog();
    await user.type(emailInput(1), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.type(emailInput(2), 'not-an-address');
    await user.click(submit());
    await waitFor(() => expect(emailInput(2)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Remove email address 1' }));
    expect(screen.getAllByTestId('share-email-row')).toHaveLength(1);
    expect(emailInput(1)).toHaveValue('not-an-address');
    expect(within(rowOf(1)).getByTestId('share-email-error')).toHaveTextContent('Please enter a valid email address');
  });

  test('a row of spaces alone is an empty row: Share stays disabled', async () => {
    const { user } = await renderDialog();
    await user.type(emailInput(1), '   ');
    expect(submit()).toBeDisabled();
  });

  test('at most 10 rows, and rows can be removed', async () => {
    const { user } = await renderDialog();
    const add = screen.getByRole('button', { name: 'Add another email' });
    for (let i = 0; i < 12; i += 1) if (!(add as HTMLButtonElement).disabled) await user.click(add);
    expect(screen.getAllByTestId('share-email-row')).toHaveLength(10);
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove email address 4' }));
    expect(screen.getAllByTestId('share-email-row')).toHaveLength(9);
    expect(add).toBeEnabled();
  });

  test('sends trimmed addresses without the empty rows and shows the success banner for 3 seconds', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: 'Task shared successfully!' }));
    const { user } = await renderDialog();
    await user.type(emailInput(1), '  ana@example.com  ');
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.type(emailInput(3), 'bo@example.org');
    await user.click(submit());

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/tasks/7/share');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ email_ids: ['ana@example.com', 'bo@example.org'] });
    expect(await screen.findByRole('status')).toHaveTextContent('Task shared successfully!');
    // The form starts over with one empty row.
    expect(screen.getAllByTestId('share-email-row')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull(), { timeout: 4_000 });
  });

  test('a server field error such as email_ids.0 appears on the row it concerns', async () => {
    fetchMock.mockResolvedValue(
      Response.json(
        {
          message: 'The given data was invalid.',
          errors: {
            'email_ids.0': ['You cannot share a task with yourself.'],
            email_ids: ['A task can be shared with at most 50 people.'],
          },
        },
        { status: 422 },
      ),
    );
    const { user } = await renderDialog();
    await user.click(screen.getByRole('button', { name: 'Add another email' }));
    await user.type(emailInput(2), 'me@example.com');
    await user.click(submit());
    expect(await within(rowOf(2)).findByTestId('share-email-error')).toHaveTextContent('You cannot share a task with yourself.');
    expect(within(rowOf(1)).queryByTestId('share-email-error')).toBeNull();
    await waitFor(() => expect(emailInput(2)).toHaveFocus());
    // An error about the list as a whole is said above the rows.
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('A task can be shared with at most 50 people.');
  });

  test("a failure without a server message says 'Failed to share task'", async () => {
    fetchMock.mockResolvedValue(new Response('oops', { status: 500 }));
    const { user } = await renderDialog();
    await user.type(emailInput(1), 'ana@example.com');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to share task');
  });
});
