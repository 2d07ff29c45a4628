import { useLingui } from '@lingui/react';
import { Center, Loader } from '@mantine/core';
import { appPages } from '@pac/validators/page-data';
import { Suspense } from 'react';
import { matchPath, Route, Routes } from 'react-router-dom';
import { withPagesMessages } from './lib/language';
import { type LazyPage, lazyPage } from './lib/lazyPage';
import { SessionSync } from './lib/session/SessionSync';
import { HomePage } from './pages/Home.page';

// Everything but the home page loads on demand, so that the first page stays small. The pages few
// visitors open bring their own messages (the catalogs' 'pages' part).
const pages: readonly [string, LazyPage][] = [
  [appPages.sheet.path, lazyPage(() => import('./pages/SignupSheet.page'))],
  [appPages.roster.path, lazyPage(() => import('./pages/Roster.page'))],
  [appPages.profile.path, lazyPage(() => import('./pages/Profile.page'))],
  [appPages.admin.path, lazyPage(() => import('./pages/Admin.page'))],
  [appPages.monitoring.path, lazyPage(() => import('./pages/Monitoring.page'))],
  [appPages.privacyPolicy.path, lazyPage(() => withPagesMessages(import('./pages/PrivacyPolicy.page')))],
  [appPages.news.path, lazyPage(() => import('./pages/News.page'))],
  [appPages.cancelSignup.path, lazyPage(() => import('./pages/CancelSignup.page'))],
  [appPages.mySignup.path, lazyPage(() => import('./pages/MySignup.page'))],
  [appPages.unsubscribe.path, lazyPage(() => withPagesMessages(import('./pages/Unsubscribe.page')))],
  [appPages.verifyEmail.path, lazyPage(() => withPagesMessages(import('./pages/VerifyEmail.page')))],
  [appPages.resetPassword.path, lazyPage(() => withPagesMessages(import('./pages/ResetPassword.page')))],
];
const NotFoundPage = lazyPage(() => import('./pages/NotFound.page'));

/**
 * Loads the code of the page at `pathname` (matched as the routes below match it), so that the first
 * render shows it rather than a loader. Resolves either way: a page that failed to load shows why
 * when it renders.
 */
export async function preloadPage(pathname: string): Promise<void> {
  if (matchPath(appPages.home.path, pathname)) return;
  const page = pages.find(([path]) => matchPath(path, pathname))?.[1] ?? NotFoundPage;
  await page.preload().catch(() => undefined);
}

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
        {pages.map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
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
