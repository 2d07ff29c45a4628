import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SessionSync } from './lib/session/SessionSync';
import { HomePage } from './pages/Home.page';

// Everything but the home page loads on demand, so that the first page stays small.
const SignupSheetPage = lazy(() => import('./pages/SignupSheet.page'));
const RosterPage = lazy(() => import('./pages/Roster.page'));
const ProfilePage = lazy(() => import('./pages/Profile.page'));
const AdminPage = lazy(() => import('./pages/Admin.page'));
const MonitoringPage = lazy(() => import('./pages/Monitoring.page'));
const PrivacyPolicyPage = lazy(() => import('./pages/PrivacyPolicy.page'));
const NotFoundPage = lazy(() => import('./pages/NotFound.page'));
const CancelSignupPage = lazy(() => import('./pages/CancelSignup.page'));
const MySignupPage = lazy(() => import('./pages/MySignup.page'));
const UnsubscribePage = lazy(() => import('./pages/Unsubscribe.page'));
const VerifyEmailPage = lazy(() => import('./pages/VerifyEmail.page'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPassword.page'));

function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader aria-label="Loading page" />
    </Center>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path="/" element={<HomePage />} />
        <Route path="/signup-sheet/:id" element={<SignupSheetPage />} />
        <Route path="/signup-sheet/:id/roster" element={<RosterPage />} />
        <Route path="/profile/:userId" element={<ProfilePage />} />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/monitoring" element={<MonitoringPage />} />
        <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="/cancel-signup/:id" element={<CancelSignupPage />} />
        <Route path="/my-signup" element={<MySignupPage />} />
        <Route path="/unsubscribe/:id" element={<UnsubscribePage />} />
        <Route path="/verify-email" element={<VerifyEmailPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  return (
    <>
      <SessionSync />
      <AppRoutes />
    </>
  );
}
