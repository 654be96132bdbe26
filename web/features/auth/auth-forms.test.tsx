import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import account from '../../i18n/locales/en/account.json';
import auth from '../../i18n/locales/en/auth.json';
import common from '../../i18n/locales/en/common.json';
import { SessionProvider } from '../../lib/session.tsx';
import { renderWithProviders } from '../../test-render.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { LoginForm } from './login-form.tsx';
import { ResetPasswordForm } from './reset-password-form.tsx';
import { SignupForm } from './signup-form.tsx';

const fetchMock = vi.fn<typeof fetch>();
const invalid = (errors: Record<string, string[]>) => Response.json({ message: Object.values(errors)[0]![0], errors }, { status: 422 });
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

describe('sign-in and account forms', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });

  test('sign-in: a blank field is one message for the form (spec §5); what the server says stays above the form', async () => {
    fetchMock.mockResolvedValue(invalid({ email: ['These credentials do not match our records.'] }));
    const user = await renderWithProviders(
      <SessionProvider>
        <LoginForm />
      </SessionProvider>,
      { common, auth },
    );
    await user.type(field('Email address'), 'ana@example.com');
    await user.type(field('Password'), '   ');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all fields');
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(field('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('These credentials do not match our records.'));
    expect(field('Email address')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('alert').closest('form')).toHaveAttribute('aria-describedby', 'login-error');
  });

  test('sign-up: nothing is checked before sending (spec §5); a 422 lands on its fields, focus on the first', async () => {
    fetchMock.mockResolvedValue(
      invalid({ email: ['The email has already been taken.'], password: ['The password must be at least 8 characters.'] }),
    );
    const user = await renderWithProviders(<SignupForm loginPath="/login" />, { common, auth });
    await user.type(field('Email address'), 'ana@example.com');
    await user.type(field('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('The email has already been taken.')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      name: '',
      email: 'ana@example.com',
      password: 'short',
      password_confirmation: '',
    });
    expect(field('Email address')).toHaveAccessibleDescription('The email has already been taken.');
    expect(field('Password')).toHaveAccessibleDescription('The password must be at least 8 characters.');
    expect(field('Full name')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(field('Email address')).toHaveFocus());

    // A field's message clears as soon as that field is edited.
    await user.type(field('Password'), '1');
    expect(field('Password')).not.toHaveAttribute('aria-invalid');
    expect(field('Email address')).toHaveAttribute('aria-invalid', 'true');
  });

  test('forgot password: the address is checked with the schema, in the words the server would use', async () => {
    const user = await renderWithProviders(<ForgotPasswordForm />, { common, auth, account });
    await user.type(field('Email address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByText('The email must be a valid email address.')).toBeInTheDocument();
    expect(field('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('reset password: a spent link gives way to a new one; a weak password is its field’s', async () => {
    fetchMock.mockResolvedValueOnce(invalid({ password: ['The password is too easy to guess. Use a longer phrase of uncommon words.'] }));
    fetchMock.mockResolvedValueOnce(invalid({ token: ['This link is invalid or has expired.'] }));
    const onOutcome = vi.fn();
    const user = await renderWithProviders(<ResetPasswordForm token="abc" onOutcome={onOutcome} />, { common, auth, account });
    await user.type(field('New password'), 'password');
    await user.type(field('Confirm new password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password is too easy to guess. Use a longer phrase of uncommon words.')).toBeInTheDocument();
    expect(field('New password')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByTestId('reset-invalid')).toHaveTextContent('This link is invalid or has expired.');
    expect(onOutcome).toHaveBeenCalledWith('invalid');
  });
});
