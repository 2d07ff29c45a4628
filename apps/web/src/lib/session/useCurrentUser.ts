import { useContext } from 'react';
import { CurrentUserContext, type CurrentUserContextValue } from './CurrentUserProvider';

/** The signed-in user and a setter; must be used inside CurrentUserProvider. */
export function useCurrentUser(): CurrentUserContextValue {
  const value = useContext(CurrentUserContext);
  if (!value) throw new Error('useCurrentUser must be used inside <CurrentUserProvider>');
  return value;
}
