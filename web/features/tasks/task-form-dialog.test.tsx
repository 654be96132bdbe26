import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import common from '../../i18n/locales/en/common.json';
import schedule from '../../i18n/locales/en/schedule.json';
import tasks from '../../i18n/locales/en/tasks.json';
import { renderWithProviders } from '../../test-render.tsx';
import { TaskFormDialog, type TaskFormDialogProps } from './task-form-dialog.tsx';

/** The API as the dialog meets it: no labels, the AI writer off, and `save` answering the add or update. */
function serve(save: () => Response) {
  return async (input: string | URL | Request) => {
    const url = String(input);
    if (url.startsWith('/api/labels')) return Response.json({ labels: [] });
    if (url.startsWith('/api/ai/status')) return Response.json({ enabled: false, provider: 'offline', model: null });
    return save();
  };
}

const task = {
  id: 5,
  user_id: 1,
  title: 'Plan',
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
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  revision: 0,
};

async function renderForm(props: Partial<TaskFormDialogProps> = {}) {
  const onClose = vi.fn();
  const user = await renderWithProviders(<TaskFormDialog open mode="add" onClose={onClose} {...props} />, {
    common,
    tasks,
    schedule,
  });
  return { user, onClose };
}

const titleInput = () => screen.getByRole('textbox', { name: 'Title' });
const dueDateInput = () => screen.getByLabelText('Due date');
const body = (call = 0) => JSON.parse(String(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/tasks/'))[call]?.[1]?.body));
const fetchMock = vi.fn<typeof fetch>();

describe('task form (spec §5)', () => {
  beforeEach(() => {
    localStorage.setItem('taskaty_token', 'test-token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  test('a blank title is required (the schema), marked on the field, and nothing is sent', async () => {
    fetchMock.mockImplementation(serve(() => Response.json({ task })));
    const { user } = await renderForm();
    await user.type(titleInput(), '   ');
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('The title field is required.')).toBeInTheDocument();
    expect(titleInput()).toHaveAttribute('aria-invalid', 'true');
    expect(titleInput()).toHaveAccessibleDescription('The title field is required.');
    expect(titleInput()).toHaveFocus();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/tasks/'))).toBe(false);

    // Editing the field clears its message.
    await user.type(titleInput(), 'x');
    expect(titleInput()).not.toHaveAttribute('aria-invalid');
  });

  test('an added task may not be due before today (a rule of this form, not of the schema)', async () => {
    fetchMock.mockImplementation(serve(() => Response.json({ task })));
    const { user } = await renderForm({ initial: { title: 'Old', due_date: '2000-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    expect(await screen.findByText('The due date cannot be earlier than today.')).toBeInTheDocument();
    expect(dueDateInput()).toHaveFocus();
  });

  test('sends what the schema makes of the values: a trimmed title, no due date as null', async () => {
    fetchMock.mockImplementation(serve(() => Response.json({ task })));
    const { user, onClose } = await renderForm();
    await user.type(titleInput(), '  Launch  ');
    await user.clear(dueDateInput());
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body()).toEqual({
      title: 'Launch',
      description: '',
      due_date: null,
      due_time: null,
      recurrence: null,
      recurrence_from: 'due_date',
      priority: 'medium',
      labels: [],
    });
  });

  test('a server 422 lands on the fields it names (labels.0 on the labels), focus on the first; the rest above the form', async () => {
    const errors = {
      title: ['The title must not be greater than 255 characters.'],
      'labels.0': ['A label name must not be greater than 50 characters.'],
      duplicated_from: ['The duplicated from must be a task id.'],
    };
    fetchMock.mockImplementation(serve(() => Response.json({ message: 'The given data was invalid.', errors }, { status: 422 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, onClose } = await renderForm({ mode: 'edit', taskId: 5, initial: { title: 'Plan' } });
    await user.click(screen.getByRole('button', { name: 'Update task' }));
    expect(await screen.findByText('The title must not be greater than 255 characters.')).toBeInTheDocument();
    expect(titleInput()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('A label name must not be greater than 50 characters.')).toBeInTheDocument();
    expect(screen.getByText('The duplicated from must be a task id.')).toBeInTheDocument();
    await waitFor(() => expect(titleInput()).toHaveFocus());
    expect(onClose).not.toHaveBeenCalled();
  });

  test('a failure that names no field says so above the form', async () => {
    fetchMock.mockImplementation(serve(() => Response.json({ message: 'You do not have permission to edit this task.' }, { status: 403 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderForm({ mode: 'edit', taskId: 5, initial: { title: 'Plan' } });
    await user.click(screen.getByRole('button', { name: 'Update task' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to edit this task.');
    expect(titleInput()).not.toHaveAttribute('aria-invalid');
  });

  test('issue 21: a time and a repeat rule are sent with the task; clearing the date clears the time', async () => {
    fetchMock.mockImplementation(serve(() => Response.json({ task })));
    const { user, onClose } = await renderForm({ initial: { title: 'Review', due_date: '2099-03-19' } });
    const time = screen.getByLabelText('Time');
    await user.type(time, '17:30');
    expect(time).toHaveValue('17:30');
    await user.clear(dueDateInput());
    expect(time).toHaveValue('');
    await user.type(dueDateInput(), '2099-03-19');
    await user.type(time, '09:15');
    await user.selectOptions(screen.getByLabelText('Repeat'), 'weekly');
    await user.click(screen.getByRole('button', { name: 'Mon' }));
    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every Monday and Thursday');
    await user.click(screen.getByLabelText('When I complete it'));
    await user.click(screen.getByRole('button', { name: 'Add task' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body()).toMatchObject({
      due_date: '2099-03-19',
      due_time: '09:15',
      recurrence: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TH',
      recurrence_from: 'completion',
    });
  });

  test('issue 21: an edit opens on the task’s time and rule, and the server’s errors on them land on their fields', async () => {
    const errors = {
      due_time: ['The due time must be a time of day (HH:MM).'],
      recurrence: ['The repeat rule is not one Taskaty can follow.'],
    };
    fetchMock.mockImplementation(serve(() => Response.json({ message: 'The given data was invalid.', errors }, { status: 422 })));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = await renderForm({
      mode: 'edit',
      taskId: 5,
      initial: { title: 'Plan', due_date: '2027-03-18', due_time: '08:00', recurrence: 'FREQ=MONTHLY;INTERVAL=1;BYDAY=-1FR' },
    });
    expect(screen.getByLabelText('Time')).toHaveValue('08:00');
    expect(screen.getByLabelText('Repeat')).toHaveValue('monthly');
    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('Every month on the last Friday');
    await user.click(screen.getByRole('button', { name: 'Update task' }));
    expect(await screen.findByText('The repeat rule is not one Taskaty can follow.')).toBeInTheDocument();
    expect(screen.getByLabelText('Repeat')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Time')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Time')).toHaveFocus());
  });
});
