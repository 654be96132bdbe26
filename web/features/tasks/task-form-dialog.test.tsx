import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import common from '../../i18n/locales/en/common.json';
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
  priority: 'medium',
  is_completed: 0,
  labels: [],
  shared_with: [],
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};

async function renderForm(props: Partial<TaskFormDialogProps> = {}) {
  const onClose = vi.fn();
  const user = await renderWithProviders(<TaskFormDialog open mode="add" onClose={onClose} {...props} />, { common, tasks });
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
    expect(body()).toEqual({ title: 'Launch', description: '', due_date: null, priority: 'medium', labels: [] });
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
});
