import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import common from '../../i18n/locales/en/common.json';
import { loadServerMessages } from '../../i18n/server-messages.ts';
import { renderWithProviders } from '../../test-render.tsx';
import { ApiError, NetworkError } from '../api-client.ts';
import { serverFieldErrors, useApiForm, type ApiFormOptions, type Failure } from './use-api-form.ts';

describe('serverFieldErrors', () => {
  const fieldFor = (path: string) => (path === 'title' || path.startsWith('labels.') ? path.split('.')[0] : undefined);

  test("each field gets its first message, in the answer's order; what names no field is the rest", () => {
    const error = new ApiError('The given data was invalid.', 422, {
      'labels.1': ['A label name cannot be empty.'],
      title: ['The title field is required.', 'ignored second'],
      'labels.0': ['A label name must not be greater than 50 characters.'],
      duplicated_from: ['The duplicated from must be a task id.', 'The duplicated from must be a task id.'],
    });
    expect(serverFieldErrors(error, fieldFor)).toEqual({
      fields: [
        ['labels', 'A label name cannot be empty.'],
        ['title', 'The title field is required.'],
      ],
      rest: ['The duplicated from must be a task id.'],
    });
  });

  test('an error that is no API answer with field errors names nothing', () => {
    expect(serverFieldErrors(new ApiError('Server Error', 500), fieldFor)).toEqual({ fields: [], rest: [] });
    expect(serverFieldErrors(new NetworkError('offline'), fieldFor)).toEqual({ fields: [], rest: [] });
    expect(serverFieldErrors(new Error('boom'), fieldFor)).toEqual({ fields: [], rest: [] });
  });
});

/** The server's rules of a small form, with the API's English messages. */
const Schema = z
  .object({
    name: z.string().trim().min(1, 'The name field is required.'),
    email: z.string().trim().pipe(z.email('The email must be a valid email address.')),
    password: z.string().min(8, 'The password must be at least 8 characters.'),
  })
  .refine((input) => input.password !== input.name, {
    message: 'The password must not be based on your name or email address.',
    path: ['password'],
  });
type Values = { name: string; email: string; password: string };

function Form({
  send,
  failure = 'Saving failed.',
  ...options
}: Partial<ApiFormOptions<Values, Values>> & { send(values: Values): unknown; failure?: Failure }) {
  const form = useApiForm<Values>({ schema: Schema, defaultValues: { name: '', email: '', password: '' }, ...options });
  return (
    <form ref={form.formRef} onSubmit={form.submit(send, failure)} noValidate>
      {form.formError && <p role="alert">{form.formError}</p>}
      {(['name', 'email', 'password'] as const).map((name) => {
        const field = form.field(name);
        return (
          <label key={name}>
            {name}
            <input
              name={name}
              value={field.value}
              onChange={field.onChange}
              aria-invalid={field.error ? true : undefined}
              aria-description={field.error}
            />
          </label>
        );
      })}
      <button type="submit">Save</button>
    </form>
  );
}

async function renderForm(props: Parameters<typeof Form>[0]) {
  const user = await renderWithProviders(<Form {...props} />, { common });
  return {
    user,
    input: (name: string) => screen.getByRole('textbox', { name }),
    save: () => user.click(screen.getByRole('button', { name: 'Save' })),
  };
}

describe('useApiForm', () => {
  afterEach(() => loadServerMessages('en'));

  test('checks with the schema in the UI language, as server messages are shown, and focuses the first invalid field', async () => {
    await loadServerMessages('fr');
    const sent: Values[] = [];
    const { user, input, save } = await renderForm({ send: (values) => void sent.push(values) });
    await user.type(input('email'), 'nope');
    await save();
    await waitFor(() => expect(input('name')).toHaveAccessibleDescription('Le champ nom est obligatoire.'));
    expect(input('email')).toHaveAccessibleDescription("L'e-mail doit être une adresse e-mail valide.");
    expect(input('password')).toHaveAccessibleDescription('Le mot de passe doit contenir au moins 8 caractères.');
    await waitFor(() => expect(input('name')).toHaveFocus());
    expect(sent).toEqual([]);
  });

  test("sends the schema's output, and a field's message clears as it is edited, the others stay", async () => {
    const sent: Values[] = [];
    const { user, input, save } = await renderForm({ send: (values) => void sent.push(values) });
    await save();
    await waitFor(() => expect(input('email')).toHaveAttribute('aria-invalid', 'true'));
    await user.type(input('name'), '  Ana ');
    expect(input('name')).not.toHaveAttribute('aria-invalid');
    expect(input('email')).toHaveAttribute('aria-invalid', 'true');
    await user.type(input('email'), 'ana@example.com');
    await user.type(input('password'), 'a long phrase');
    await save();
    await waitFor(() => expect(sent).toEqual([{ name: 'Ana', email: 'ana@example.com', password: 'a long phrase' }]));
  });

  test("a form's own wording (also on another field) and its own checks, which win over the schema's", async () => {
    const { user, input, save } = await renderForm({
      send: () => {},
      wording: {
        'The name field is required.': 'Enter your name.',
        'The password must not be based on your name or email address.': { field: 'email', message: 'Choose another password.' },
      },
      check: (values) => (values.email.endsWith('@example.org') ? { email: 'Not that domain.' } : {}),
    });
    await save();
    await waitFor(() => expect(input('name')).toHaveAccessibleDescription('Enter your name.'));

    await user.type(input('name'), 'a long phrase');
    await user.type(input('email'), 'ana@example.com');
    await user.type(input('password'), 'a long phrase');
    await save();
    await waitFor(() => expect(input('email')).toHaveAccessibleDescription('Choose another password.'));
    expect(input('password')).not.toHaveAttribute('aria-invalid');

    await user.clear(input('email'));
    await user.type(input('email'), 'ana@example.org');
    await save();
    await waitFor(() => expect(input('email')).toHaveAccessibleDescription('Not that domain.'));
  });

  test("a failed call's field errors land on the fields (by fieldFor where names differ), the rest above the form", async () => {
    const answer = new ApiError('The email has already been taken. (and 2 more errors)', 422, {
      'profile.email': ['The email has already been taken.'],
      password: ['The password is too easy to guess. Use a longer phrase of uncommon words.'],
      plan: ['The selected plan is invalid.'],
    });
    const { user, input, save } = await renderForm({
      send: () => Promise.reject(answer),
      fieldFor: (path) => (path === 'profile.email' ? 'email' : path === 'password' ? 'password' : undefined),
    });
    await user.type(input('name'), 'Ana');
    await user.type(input('email'), 'ana@example.com');
    await user.type(input('password'), 'password');
    await save();
    await waitFor(() => expect(input('email')).toHaveAccessibleDescription('The email has already been taken.'));
    expect(input('password')).toHaveAccessibleDescription('The password is too easy to guess. Use a longer phrase of uncommon words.');
    expect(screen.getByRole('alert')).toHaveTextContent('The selected plan is invalid.');
    await waitFor(() => expect(input('email')).toHaveFocus());
  });

  test("a failure that names no field is said above the form: the server's message, else the fallback", async () => {
    const failures: unknown[] = [
      new ApiError('Too many attempts. Please try again in 30 seconds.', 429, undefined, true),
      new ApiError('An error occurred', 500),
      new Error('boom'),
    ];
    const { user, input, save } = await renderForm({ send: () => Promise.reject(failures.shift()) });
    await user.type(input('name'), 'Ana');
    await user.type(input('email'), 'ana@example.com');
    await user.type(input('password'), 'a long phrase');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please try again in 30 seconds.');
    expect(input('name')).not.toHaveFocus();
    await save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Saving failed\.$/));
    await save();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Saving failed. Please try again.'));
  });
});
