import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RecoveryBoundary } from '../components/ui/recovery.tsx';
import { Splash } from '../components/ui/splash.tsx';
import { lazyWithRetry } from '../lib/lazy-with-retry.ts';
import { AppLayout } from './app-layout.tsx';
import { PublicOnly, RequireAuth } from './guards.tsx';
import { paths } from './paths.ts';

// Route-level code splitting: a visitor of the landing page never downloads the app.
const LandingPage = lazyWithRetry(() => import('../pages/landing-page.tsx'));
const LoginPage = lazyWithRetry(() => import('../pages/login-page.tsx'));
const SignupPage = lazyWithRetry(() => import('../pages/signup-page.tsx'));
const PrivacyPage = lazyWithRetry(() => import('../pages/privacy-page.tsx'));
const TermsPage = lazyWithRetry(() => import('../pages/terms-page.tsx'));
const PricingPage = lazyWithRetry(() => import('../pages/pricing-page.tsx'));
const ContactPage = lazyWithRetry(() => import('../pages/contact-page.tsx'));
const DashboardPage = lazyWithRetry(() => import('../pages/dashboard-page.tsx'));
const SharedPage = lazyWithRetry(() => import('../pages/shared-page.tsx'));
const LabelsPage = lazyWithRetry(() => import('../pages/labels-page.tsx'));
const SettingsPage = lazyWithRetry(() => import('../pages/settings-page.tsx'));
// The links mailed to an address (issue 18).
const ForgotPasswordPage = lazyWithRetry(() => import('../pages/forgot-password-page.tsx'));
const ResetPasswordPage = lazyWithRetry(() => import('../pages/reset-password-page.tsx'));
const VerifyEmailPage = lazyWithRetry(() => import('../pages/verify-email-page.tsx'));
const InvitationPage = lazyWithRetry(() => import('../pages/invitation-page.tsx'));
// A reminder e-mail's snooze links (issue 22).
const SnoozePage = lazyWithRetry(() => import('../pages/snooze-page.tsx'));

function Loading() {
  const { t } = useTranslation();
  return <Splash label={t('loading')} />;
}

/** A screen whose failure (its chunk gone after a deploy, say) is said in its place, under the header; another address tries afresh. */
function Page({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <RecoveryBoundary level="page" resetKeys={[pathname]}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </RecoveryBoundary>
  );
}

const page = (element: ReactNode) => <Page>{element}</Page>;

export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.home} element={page(<LandingPage />)} />
      <Route path={paths.login} element={<PublicOnly>{page(<LoginPage />)}</PublicOnly>} />
      <Route path={paths.signup} element={<PublicOnly>{page(<SignupPage />)}</PublicOnly>} />
      <Route path={paths.forgotPassword} element={<PublicOnly>{page(<ForgotPasswordPage />)}</PublicOnly>} />
      <Route path={paths.resetPassword} element={<PublicOnly>{page(<ResetPasswordPage />)}</PublicOnly>} />
      {/* Signed in or not: the link itself proves the address. */}
      <Route path={paths.verifyEmail} element={page(<VerifyEmailPage />)} />
      <Route path={paths.snooze} element={page(<SnoozePage />)} />
      <Route path={paths.privacy} element={page(<PrivacyPage />)} />
      <Route path={paths.terms} element={page(<TermsPage />)} />
      <Route path={paths.pricing} element={page(<PricingPage />)} />
      <Route path={paths.contact} element={page(<ContactPage />)} />
      <Route
        element={
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        }
      >
        <Route path={paths.dashboard} element={page(<DashboardPage />)} />
        <Route path={paths.shared} element={page(<SharedPage />)} />
        <Route path={paths.labels} element={page(<LabelsPage />)} />
        <Route path={paths.settings} element={page(<SettingsPage />)} />
        {/* A visitor signs in (or up) first and comes back with the link. */}
        <Route path={paths.invitation} element={page(<InvitationPage />)} />
      </Route>
      <Route path={paths.tasks} element={<Navigate to={paths.dashboard} replace />} />
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
