import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { User } from '../../../common/schemas/user.schema.ts';
import common from '../../i18n/locales/en/common.json';
import settings from '../../i18n/locales/en/settings.json';
import { SessionProvider } from '../../lib/session.tsx';
import { renderWithProviders } from '../../test-render.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';

const user: User = {
  id: 1,
  name: 'Olivia Owner',
  email: 'olivia@example.com',
  user_photo: null,
  created_at: '2026-01-01T00:00:00.000Z',
  email_verified_at: '2026-01-02T00:00:00.000Z',
  time_zone: null,
};

const fetchMock = vi.fn<typeof fetch>();
const sent = () => JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as unknown;

describe('settings forms', () => {
  beforeEach(() => {
    localStorage.setItem('taskaty_token', 'test-token');
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  describe('password', () => {
    const input = (label: string) => screen.getByLabelText(label, { selector: 'input' });
    const submit = () => screen.getByRole('button', { name: 'Change password' });

    test('the schema checks in the form’s own words, and focus goes to the first field with a message', async () => {
      const u = await renderWithProviders(<PasswordSection user={user} />, { common, settings });
      await u.type(input('New password'), 'short');
      await u.click(submit());
      expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
      // The length rule is the schema's, said as the server says it.
      expect(screen.getByText('The password must be at least 8 characters.')).toBeInTheDocument();
      expect(screen.getByText('Enter the new password again.')).toBeInTheDocument();
      await waitFor(() => expect(input('Current password')).toHaveFocus());

      await u.type(input('Current password'), 'old password');
      await u.clear(input('New password'));
      await u.type(input('New password'), 'a long new phrase');
      await u.type(input('Confirm new password'), 'another phrase');
      await u.click(submit());
      // The schema's mismatch (on `password`) is this form's, on the confirmation.
      expect(await screen.findByText('The passwords do not match.')).toBeInTheDocument();
      expect(input('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
      expect(input('New password')).not.toHaveAttribute('aria-invalid');
      expect(fetchMock).not.toHaveBeenCalled();
    });

    test('a server 422 lands on the fields it names, focus on the first of them', async () => {
      fetchMock.mockResolvedValue(
        Response.json(
          {
            message: 'The password is incorrect. (and 1 more error)',
            errors: {
              current_password: ['The password is incorrect.'],
              password: ['The password is too easy to guess. Use a longer phrase of uncommon words.'],
            },
          },
          { status: 422 },
        ),
      );
      const u = await renderWithProviders(<PasswordSection user={user} />, { common, settings });
      await u.type(input('Current password'), 'wrong one');
      await u.type(input('New password'), 'password1');
      await u.type(input('Confirm new password'), 'password1');
      await u.click(submit());

      expect(await screen.findByText('The password is incorrect.')).toBeInTheDocument();
      expect(input('Current password')).toHaveAccessibleDescription('The password is incorrect.');
      expect(input('New password')).toHaveAccessibleDescription(
        'The password is too easy to guess. Use a longer phrase of uncommon words.',
      );
      expect(input('Confirm new password')).not.toHaveAttribute('aria-invalid');
      await waitFor(() => expect(input('Current password')).toHaveFocus());
      // Nothing above the form: every message found its field.
      expect(screen.getAllByRole('alert')).toHaveLength(2);
      expect(sent()).toEqual({ current_password: 'wrong one', password: 'password1', password_confirmation: 'password1' });

      // Editing a field clears its message only.
      await u.type(input('Current password'), 'x');
      expect(input('Current password')).not.toHaveAttribute('aria-invalid');
      expect(input('New password')).toHaveAttribute('aria-invalid', 'true');
    });

    test('a failure that names no field is said above the form', async () => {
      fetchMock.mockResolvedValue(new Response('', { status: 500 }));
      const u = await renderWithProviders(<PasswordSection user={user} />, { common, settings });
      await u.type(input('Current password'), 'old password');
      await u.type(input('New password'), 'a long new phrase');
      await u.type(input('Confirm new password'), 'a long new phrase');
      await u.click(submit());
      expect(await screen.findByRole('alert')).toHaveTextContent(settings.passwordForm.failed);
    });
  });

  describe('e-mail address', () => {
    test('a server 422 on the address lands under it; the address is sent as the schema makes it', async () => {
      fetchMock.mockResolvedValue(
        Response.json(
          { message: 'This is already your e-mail address.', errors: { email: ['This is already your e-mail address.'] } },
          { status: 422 },
        ),
      );
      const u = await renderWithProviders(<EmailSection user={user} />, { common, settings });
      await u.click(screen.getByRole('button', { name: settings.emailForm.change }));
      const email = screen.getByLabelText(settings.emailForm.newEmail);
      await u.type(email, '  Olivia@Example.com ');
      await u.type(screen.getByLabelText(settings.emailForm.password, { selector: 'input' }), 'secret');
      await u.click(screen.getByRole('button', { name: settings.emailForm.submit }));

      expect(await screen.findByText('This is already your e-mail address.')).toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(email).toHaveFocus());
      expect(sent()).toEqual({ email: 'olivia@example.com', password: 'secret' });
    });

    test('a malformed address is the schema’s, and an empty one is said in the form’s words', async () => {
      const u = await renderWithProviders(<EmailSection user={user} />, { common, settings });
      await u.click(screen.getByRole('button', { name: settings.emailForm.change }));
      await u.click(screen.getByRole('button', { name: settings.emailForm.submit }));
      expect(await screen.findByText(settings.emailForm.emailRequired)).toBeInTheDocument();
      await u.type(screen.getByLabelText(settings.emailForm.newEmail), 'not-an-address');
      await u.click(screen.getByRole('button', { name: settings.emailForm.submit }));
      expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  describe('name', () => {
    /** The signed-in user as another tab may change it. */
    function Profile() {
      const [name, setName] = useState(user.name);
      return (
        <SessionProvider>
          <button onClick={() => setName((current) => `${current}!`)}>rename elsewhere</button>
          <ProfileSection user={{ ...user, name }} />
        </SessionProvider>
      );
    }
    const nameInput = () => screen.getByRole('textbox', { name: settings.profileForm.name });

    test('the field follows the name until it is edited; a blank one is said in the form’s words', async () => {
      const u = await renderWithProviders(<Profile />, { common, settings });
      await u.click(screen.getByRole('button', { name: 'rename elsewhere' }));
      expect(nameInput()).toHaveValue('Olivia Owner!');

      await u.clear(nameInput());
      await u.type(nameInput(), '   ');
      await u.click(screen.getByRole('button', { name: settings.profileForm.saveName }));
      expect(await screen.findByText(settings.profileForm.nameRequired)).toBeInTheDocument();
      expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
      expect(fetchMock).not.toHaveBeenCalled();

      // Edited: a change elsewhere no longer replaces what is typed.
      await u.click(screen.getByRole('button', { name: 'rename elsewhere' }));
      expect(nameInput()).toHaveValue('   ');
    });

    test('a failure that names no field shows under the field, and editing clears it', async () => {
      fetchMock.mockResolvedValue(new Response('', { status: 500 }));
      const u = await renderWithProviders(<Profile />, { common, settings });
      await u.type(nameInput(), ' Junior');
      await u.click(screen.getByRole('button', { name: settings.profileForm.saveName }));
      expect(await screen.findByText(settings.profileForm.nameFailed)).toBeInTheDocument();
      expect(nameInput()).toHaveAccessibleDescription(settings.profileForm.nameFailed);
      await u.type(nameInput(), 'x');
      expect(screen.queryByText(settings.profileForm.nameFailed)).toBeNull();
    });
  });
});
