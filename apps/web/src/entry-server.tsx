import type { I18n } from '@pac/i18n/server';
import { defaultLanguage, type RenderPage } from '@pac/validators/page-data';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './App';
import { setSchoolClock } from './lib/dates';
import { embeddedLanguage, embeddedSchoolClock, fillPageData } from './lib/pageData';
import { Providers } from './Providers';
import { createQueryClient, createTrpcClient } from './trpc';

/**
 * The server's rendering of a page (built by `vite build --ssr` into dist-ssr/, loaded by
 * apps/server/src/http/page.ts): the same tree as main.tsx, with the URL's route instead of the
 * browser's history and React Query filled from the data the server embeds in the page, so that
 * the browser's first render finds the same HTML and hydrates it.
 */

// Every query the page makes on the server has its answer in the cache; one that has not is left
// pending, as in the browser's first render, and never asked for here (React Query does not fetch
// while rendering on a server).
const offline: typeof fetch = () => Promise.reject(new Error('No requests while rendering on the server'));

export const renderPage: RenderPage<I18n> = async (url, pageData, i18nFor) => {
  const queryClient = createQueryClient();
  fillPageData(queryClient, pageData);
  // Every page's data carries the clock (the same for every page of one server), and the browser
  // reads the page's dates on it too.
  const clock = embeddedSchoolClock(queryClient);
  if (clock === null) throw new Error("The page's data has no school clock");
  setSchoolClock(clock);
  // Each language's messages are one instance shared by the renderings in that language.
  const i18n = i18nFor(embeddedLanguage(queryClient)?.language ?? defaultLanguage);
  const trpcClient = createTrpcClient({ url: 'http://localhost/trpc', fetch: offline });
  const errors: unknown[] = [];
  try {
    // prerender waits for everything, the sheet page's code (loaded on demand) included, so that
    // the HTML holds the whole page and no Suspense boundary is left for the browser to render.
    const { prelude } = await prerender(
      <StrictMode>
        <StaticRouter location={url}>
          <Providers queryClient={queryClient} trpcClient={trpcClient} i18n={i18n}>
            <App />
          </Providers>
        </StaticRouter>
      </StrictMode>,
      {
        // Every Suspense boundary inline, however long the page: past 12.8 KB React may send a
        // boundary that finished late (one that waited for code) after its fallback, with an inline
        // script to swap them in, which the site's CSP blocks.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onError: (error) => void errors.push(error),
      },
    );
    const html = await new Response(prelude).text();
    // A part that failed would be left to the browser, which then reports a recoverable error and
    // renders it again: the browser renders the whole page instead.
    if (errors.length > 0) throw new Error('Rendering the page failed', { cause: errors[0] });
    // Text and attributes are escaped, so only React can have written these: a boundary left to a script.
    if (/<(?:script|template)\b/.test(html)) throw new Error('The page did not render whole');
    return html;
  } finally {
    queryClient.clear();
  }
};
