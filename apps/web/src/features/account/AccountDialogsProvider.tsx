import { createContext, lazy, type ReactNode, Suspense, useCallback, useContext, useMemo, useState } from 'react';
import type { AccountDialog } from './AccountDialogs';

// The dialogs and their schemas load the first time someone opens one.
const AccountDialogs = lazy(() =>
  import('./AccountDialogs/AccountDialogs').then((m) => ({ default: m.AccountDialogs })),
);

interface AccountDialogsContextValue {
  openAccountSettings: () => void;
  openChangePassword: () => void;
}

const AccountDialogsContext = createContext<AccountDialogsContextValue | null>(null);

/** Renders the Account Settings and Change Password dialogs and lets any page open them. */
export function AccountDialogsProvider({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<AccountDialog | null>(null);
  const [opened, setOpened] = useState(false);

  const open = useCallback((next: AccountDialog) => {
    setDialog(next);
    setOpened(true);
  }, []);

  const value = useMemo(
    () => ({ openAccountSettings: () => open('settings'), openChangePassword: () => open('password') }),
    [open],
  );

  return (
    <AccountDialogsContext value={value}>
      {children}
      {dialog !== null && (
        <Suspense fallback={null}>
          <AccountDialogs dialog={dialog} opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </AccountDialogsContext>
  );
}

/** Opens Account Settings or Change Password; must be used inside AccountDialogsProvider. */
export function useAccountDialogs(): AccountDialogsContextValue {
  const value = useContext(AccountDialogsContext);
  if (!value) throw new Error('useAccountDialogs must be used inside <AccountDialogsProvider>');
  return value;
}
