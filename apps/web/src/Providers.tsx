import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastHost } from './components/Toasts';
import { AccountDialogsProvider } from './features/account/AccountDialogsProvider';
import { AuthDialogProvider } from './features/account/AuthDialogProvider';
import { fallbackLanguage, LanguageProvider } from './lib/language';
import { embeddedLanguage } from './lib/pageData';
import { CurrentUserProvider } from './lib/session/CurrentUserProvider';
import { cssVariablesResolver, themeIn } from './theme';
import { trpc } from './trpc';

export interface ProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof trpc.createClient>;
  /** The page's messages, in its language, loaded before the first render. */
  i18n: I18n;
  /** 'test' turns off transitions and portals (Mantine's test mode). */
  env?: 'default' | 'test';
}

/**
 * Everything a page needs around it: its language and direction (from the page's data, the same on
 * the server and in the browser), theme, toasts, data and the current user.
 */
export function Providers({ children, queryClient, trpcClient, i18n, env = 'default' }: ProvidersProps) {
  // A page keeps its language: choosing another loads the page again.
  const [language] = useState(() => embeddedLanguage(queryClient) ?? fallbackLanguage);
  return (
    <LanguageProvider value={language}>
      <I18nProvider i18n={i18n}>
        <MantineProvider theme={themeIn(i18n)} cssVariablesResolver={cssVariablesResolver} env={env}>
          <ToastHost />
          <trpc.Provider client={trpcClient} queryClient={queryClient}>
            <QueryClientProvider client={queryClient}>
              <CurrentUserProvider>
                <AuthDialogProvider>
                  <AccountDialogsProvider>{children}</AccountDialogsProvider>
                </AuthDialogProvider>
              </CurrentUserProvider>
            </QueryClientProvider>
          </trpc.Provider>
        </MantineProvider>
      </I18nProvider>
    </LanguageProvider>
  );
}
