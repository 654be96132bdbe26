import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { StrictMode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import account from '../i18n/locales/en/account.json';
import auth from '../i18n/locales/en/auth.json';
import common from '../i18n/locales/en/common.json';
import { SessionProvider } from '../lib/session.tsx';
import VerifyEmailPage from './verify-email-page.tsx';

const TOKEN = 'a'.repeat(43);
const user = { id: 7, name: 'Vera', email: 'vera@example.com', user_photo: null, created_at: '2026-01-01T00:00:00.000Z', time_zone: null };

function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}

/** The page as the app hosts it, in StrictMode (which runs every effect twice in development). */
async function renderPage(token = TOKEN) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common, auth, account } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <SessionProvider>
            <MemoryRouter initialEntries={[`/verify-email?token=${token}`]}>
              <Routes>
                <Route path="/verify-email" element={<VerifyEmailPage />} />
              </Routes>
              <Address />
            </MemoryRouter>
          </SessionProvider>
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
}

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem('taskaty_user', JSON.stringify({ ...user, email_verified_at: null }));
  localStorage.setItem('taskaty_token', '7|secret');
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  localStorage.clear();
});

test('the single-use link is spent once even under StrictMode, leaves the address bar, and updates the signed-in user', async () => {
  const verifiedAt = '2026-02-02T10:00:00.000Z';
  fetchMock.mockImplementation(async () =>
    Response.json({ message: 'Your e-mail address is verified.', user: { ...user, email_verified_at: verifiedAt } }),
  );
  await renderPage();
  expect(await screen.findByRole('heading', { level: 1, name: 'E-mail address verified' })).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledTimes(1);
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('/api/user/email/verify');
  expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
  // The link works without a session: no token is sent with it.
  expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  expect(screen.getByTestId('address')).toHaveTextContent(/^\/verify-email$/);
  await waitFor(() => expect(JSON.parse(localStorage.getItem('taskaty_user')!).email_verified_at).toBe(verifiedAt));
  expect(screen.getByRole('link', { name: 'Go to my tasks' })).toHaveAttribute('href', '/dashboard');
});

test('a refused link shows the server message and the way on', async () => {
  localStorage.clear();
  fetchMock.mockImplementation(async () =>
    Response.json(
      { message: 'This link is invalid or has expired.', errors: { token: ['This link is invalid or has expired.'] } },
      { status: 422 },
    ),
  );
  await renderPage('b'.repeat(43));
  expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('This link is invalid or has expired.');
  expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
});
