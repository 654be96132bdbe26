import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Splash } from '../components/ui/splash.tsx';
import { AppLayout } from './app-layout.tsx';
import { PublicOnly, RequireAuth } from './guards.tsx';
import { paths } from './paths.ts';

// Route-level code splitting: a visitor of the landing page never downloads the app.
const LandingPage = lazy(() => import('../pages/landing-page.tsx'));
const LoginPage = lazy(() => import('../pages/login-page.tsx'));
const SignupPage = lazy(() => import('../pages/signup-page.tsx'));
const PrivacyPage = lazy(() => import('../pages/privacy-page.tsx'));
const TermsPage = lazy(() => import('../pages/terms-page.tsx'));
const PricingPage = lazy(() => import('../pages/pricing-page.tsx'));
const ContactPage = lazy(() => import('../pages/contact-page.tsx'));
const DashboardPage = lazy(() => import('../pages/dashboard-page.tsx'));
const SharedPage = lazy(() => import('../pages/shared-page.tsx'));
const LabelsPage = lazy(() => import('../pages/labels-page.tsx'));
const SettingsPage = lazy(() => import('../pages/settings-page.tsx'));
// The links mailed to an address (issue 18).
const ForgotPasswordPage = lazy(() => import('../pages/forgot-password-page.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/reset-password-page.tsx'));
const VerifyEmailPage = lazy(() => import('../pages/verify-email-page.tsx'));
const InvitationPage = lazy(() => import('../pages/invitation-page.tsx'));

function Loading() {
  const { t } = useTranslation();
  return <Splash label={t('loading')} />;
}

const page = (element: ReactNode) => <Suspense fallback={<Loading />}>{element}</Suspense>;

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
