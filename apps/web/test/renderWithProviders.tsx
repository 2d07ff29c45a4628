import { i18nFor } from '@pac/i18n/server';
import { defaultLanguage, type Language, languageDirection } from '@pac/validators/page-data';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { fetch as undiciFetch } from 'undici';
import { keepPageLanguage } from '../src/lib/pageData';
import { type CurrentUser, writeStoredUser } from '../src/lib/session/storedUser';
import { Providers } from '../src/Providers';
import { createQueryClient, createTrpcClient } from '../src/trpc';

export interface RenderOptions {
  /** The URL the MemoryRouter starts at. */
  route?: string;
  /** A user stored in localStorage before rendering (signed in, as far as the client knows). */
  user?: CurrentUser;
  /**
   * A running PAC server's tRPC URL. Without one there is no server: every request fails at
   * once, as it would offline.
   */
  serverUrl?: string;
  /** A fetch that answers the tRPC requests itself (see fakeTrpc.ts); ignored with `serverUrl`. */
  fetch?: typeof fetch;
  /** The page's language, as its data would say (`settings.language`); without one, English. */
  language?: Language;
}

const noServer: typeof fetch = () => Promise.reject(new TypeError('No server in this test'));

/** Renders inside the app's providers (Mantine in test mode, data, current user) and a MemoryRouter. */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', user, serverUrl, fetch: fakeFetch, language }: RenderOptions = {},
): RenderResult {
  if (user) writeStoredUser(user);
  const queryClient = createQueryClient();
  if (language) keepPageLanguage(queryClient, { language, dir: languageDirection(language) });
  const trpcClient = createTrpcClient(
    serverUrl
      ? // happy-dom's fetch enforces CORS; undici's talks to the server as a browser on its origin would.
        { url: serverUrl, fetch: undiciFetch as unknown as typeof fetch }
      : { url: 'http://localhost/trpc', fetch: fakeFetch ?? noServer },
  );
  return render(
    <MemoryRouter initialEntries={[route]}>
      <Providers
        queryClient={queryClient}
        trpcClient={trpcClient}
        i18n={i18nFor(language ?? defaultLanguage)}
        env="test"
      >
        {ui}
      </Providers>
    </MemoryRouter>,
  );
}
