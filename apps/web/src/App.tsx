import { useLingui } from '@lingui/react';
import { Center, Loader } from '@mantine/core';
import { appPages } from '@pac/validators/page-data';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { withPagesMessages } from './lib/language';
import { SessionSync } from './lib/session/SessionSync';
import { HomePage } from './pages/Home.page';

// Everything but the home page loads on demand, so that the first page stays small. The pages few
// visitors open bring their own messages (the catalogs' 'pages' part).
const SignupSheetPage = lazy(() => import('./pages/SignupSheet.page'));
const RosterPage = lazy(() => import('./pages/Roster.page'));
const ProfilePage = lazy(() => import('./pages/Profile.page'));
const AdminPage = lazy(() => import('./pages/Admin.page'));
const MonitoringPage = lazy(() => import('./pages/Monitoring.page'));
const PrivacyPolicyPage = lazy(() => withPagesMessages(import('./pages/PrivacyPolicy.page')));
const NewsPage = lazy(() => import('./pages/News.page'));
const NotFoundPage = lazy(() => import('./pages/NotFound.page'));
const CancelSignupPage = lazy(() => import('./pages/CancelSignup.page'));
const MySignupPage = lazy(() => import('./pages/MySignup.page'));
const UnsubscribePage = lazy(() => withPagesMessages(import('./pages/Unsubscribe.page')));
const VerifyEmailPage = lazy(() => withPagesMessages(import('./pages/VerifyEmail.page')));
const ResetPasswordPage = lazy(() => withPagesMessages(import('./pages/ResetPassword.page')));

function PageLoader() {
  const { i18n } = useLingui();
  return (
    <Center mih="60vh">
      <Loader aria-label={i18n._('Loading page')} />
    </Center>
  );
}

/** Every page at its path in `appPages` (@pac/validators), which the server also reads: any other path is the 404 page, answered with 404. */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Routes>
        <Route path={appPages.home.path} element={<HomePage />} />
        <Route path={appPages.sheet.path} element={<SignupSheetPage />} />
        <Route path={appPages.roster.path} element={<RosterPage />} />
        <Route path={appPages.profile.path} element={<ProfilePage />} />
        <Route path={appPages.admin.path} element={<AdminPage />} />
        <Route path={appPages.monitoring.path} element={<MonitoringPage />} />
        <Route path={appPages.privacyPolicy.path} element={<PrivacyPolicyPage />} />
        <Route path={appPages.news.path} element={<NewsPage />} />
        <Route path={appPages.cancelSignup.path} element={<CancelSignupPage />} />
        <Route path={appPages.mySignup.path} element={<MySignupPage />} />
        <Route path={appPages.unsubscribe.path} element={<UnsubscribePage />} />
        <Route path={appPages.verifyEmail.path} element={<VerifyEmailPage />} />
        <Route path={appPages.resetPassword.path} element={<ResetPasswordPage />} />
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
