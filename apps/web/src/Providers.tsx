import { MantineProvider } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastHost } from './components/Toasts';
import { AccountDialogsProvider } from './features/account/AccountDialogsProvider';
import { AuthDialogProvider } from './features/account/AuthDialogProvider';
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

/** Everything a page needs around it: theme, toasts, data and the current user. */
export function Providers({ children, queryClient, trpcClient, env = 'default' }: ProvidersProps) {
  return (
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
  );
}
