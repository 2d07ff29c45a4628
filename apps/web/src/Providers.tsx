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
import { cssVariablesResolver, theme } from './theme';
import { trpc } from './trpc';

export interface ProvidersProps {
  children: ReactNode;
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof trpc.createClient>;
  /** 'test' turns off transitions and portals (Mantine's test mode). */
  env?: 'default' | 'test';
}

/**
 * Everything a page needs around it: its language and direction (from the page's data, the same on
 * the server and in the browser), theme, toasts, data and the current user.
 */
export function Providers({ children, queryClient, trpcClient, env = 'default' }: ProvidersProps) {
  // A page keeps its language: choosing another loads the page again.
  const [language] = useState(() => embeddedLanguage(queryClient) ?? fallbackLanguage);
  return (
    <LanguageProvider value={language}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
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
    </LanguageProvider>
  );
}
