import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { User } from '../../types';
import type { AuthTab } from './AuthModal';

// The dialog and its schemas load the first time someone opens it, which keeps them off the
// home page's first load.
const AuthModal = lazy(() => import('./AuthModal/AuthModal').then((m) => ({ default: m.AuthModal })));

export interface OpenAuthDialogOptions {
  tab?: AuthTab;
  /** Called once the user has logged in or registered (the admin gate reloads the page). */
  onSuccess?: (user: User) => void;
  /** A sample address shown in the login form's empty Email field. */
  emailPlaceholder?: string;
}

interface AuthDialogContextValue {
  openAuthDialog: (options?: OpenAuthDialogOptions) => void;
}

const AuthDialogContext = createContext<AuthDialogContextValue | null>(null);

/** Renders the one login/signup dialog and lets any page open it. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const [requested, setRequested] = useState(false);
  const [tab, setTab] = useState<AuthTab>('login');
  const [onSuccess, setOnSuccess] = useState<{ run: (user: User) => void } | null>(null);
  const [emailPlaceholder, setEmailPlaceholder] = useState<string | undefined>(undefined);

  const openAuthDialog = useCallback((options: OpenAuthDialogOptions = {}) => {
    setTab(options.tab ?? 'login');
    setOnSuccess(options.onSuccess ? { run: options.onSuccess } : null);
    setEmailPlaceholder(options.emailPlaceholder);
    setOpened(true);
    setRequested(true);
  }, []);

  const value = useMemo(() => ({ openAuthDialog }), [openAuthDialog]);

  return (
    <AuthDialogContext value={value}>
      {children}
      {requested && (
        <Suspense fallback={null}>
          <AuthModal
            opened={opened}
            tab={tab}
            onTabChange={setTab}
            onClose={() => setOpened(false)}
            onSuccess={onSuccess?.run}
            emailPlaceholder={emailPlaceholder}
          />
        </Suspense>
      )}
    </AuthDialogContext>
  );
}

/** Opens the login/signup dialog; must be used inside AuthDialogProvider. */
export function useAuthDialog(): AuthDialogContextValue {
  const value = useContext(AuthDialogContext);
  if (!value) throw new Error('useAuthDialog must be used inside <AuthDialogProvider>');
  return value;
}
