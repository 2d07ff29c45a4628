import './styles/mantine-first.css';
import './global.css';
import { defaultLanguage, type SchoolClock, schoolClockOf } from '@pac/validators/page-data';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadPage } from './App';
import { setSchoolClock } from './lib/dates';
import { loadMessages, setBrowserMessages } from './lib/language';
import {
  embeddedLanguage,
  embeddedSchoolClock,
  embeddedSignedIn,
  hydratePageData,
  keepPageLanguage,
} from './lib/pageData';
import { readStoredUser } from './lib/session/storedUser';
import { Providers } from './Providers';
import { createQueryClient, createTrpcClient } from './trpc';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
hydratePageData(queryClient);
const trpcClient = createTrpcClient();

/**
 * Renders the app once the school's clock, which every date on every page is read on, is set, and
 * the page's messages and code are here (the server preloads its language's catalog and the page's
 * chunks with the page).
 */
async function start(clock: SchoolClock, container: HTMLElement): Promise<void> {
  setSchoolClock(clock);
  const language = embeddedLanguage(queryClient)?.language ?? defaultLanguage;
  // The server's answer for the session when the page carries it, else what this browser remembers.
  const signedIn = embeddedSignedIn(queryClient) ?? readStoredUser() !== null;
  const i18n = await loadMessages(language, signedIn);
  setBrowserMessages(i18n);
  // The page's own code (the server preloads it with the HTML), so that the first render shows the
  // page rather than a loader.
  await preloadPage(window.location.pathname);
  // The same tree as the server's (entry-server.tsx), but for the browser's history.
  const app = (
    <StrictMode>
      <BrowserRouter>
        <Providers queryClient={queryClient} trpcClient={trpcClient} i18n={i18n}>
          <App />
        </Providers>
      </BrowserRouter>
    </StrictMode>
  );
  // The server rendered the home and sheet pages from the same data (apps/server/src/http/page.ts):
  // React takes over that HTML instead of building it again. Other pages arrive with an empty root.
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else {
    // A transition: React renders the page in slices between which the browser stays responsive,
    // rather than in one long task.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

const embeddedClock = embeddedSchoolClock(queryClient);
if (embeddedClock && embeddedLanguage(queryClient)) void start(embeddedClock, root);
else {
  // A page without data (`pnpm dev` serves index.html itself): ask the server for the clock and
  // the language, in one request. Should it not answer, the page still works, on the browser's own
  // clock and in English, as the rest of it reports the failure.
  const clock =
    embeddedClock ??
    trpcClient.settings.schoolClock
      .query()
      .catch(() => schoolClockOf(Intl.DateTimeFormat().resolvedOptions().timeZone));
  // Kept where the page's data would have put it, which Providers reads.
  const language = embeddedLanguage(queryClient)
    ? undefined
    : trpcClient.settings.language.query().then(
        (answer) => keepPageLanguage(queryClient, answer),
        () => undefined,
      );
  void Promise.all([clock, language]).then(([schoolClock]) => start(schoolClock, root));
}
