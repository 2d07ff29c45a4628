import '../../../styles/mantine-rest.css';
// The tabs' styles are their own part (styles/mantine-first.css).
import '@mantine/core/styles/Tabs.css';
import { useLingui } from '@lingui/react';
import { Modal, Tabs } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useState } from 'react';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/session/useCurrentUser';
import { trpc } from '../../../trpc';
import type { User } from '../../../types';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';
import { SignUpForm } from './SignUpForm';

/** The dialog's view: the Login tab shows either the login form or 'Forgot password?'. */
export type AuthTab = 'login' | 'signup' | 'forgotPassword';

export interface AuthModalProps {
  opened: boolean;
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onClose: () => void;
  /** Called after a successful login or registration, once the user is stored. */
  onSuccess?: (user: User) => void;
  /** A sample address for the login form's Email field. */
  emailPlaceholder?: string;
}

/** The Login tab's 'Reset your password' form; mounted afresh each time it is shown. */
function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack: (email: string) => void }) {
  const { i18n } = useLingui();
  const forgot = trpc.auth.forgotPassword.useMutation({
    onError: (error) => notifyFailure(i18n._('Request Failed'), error, i18n._('Please try again.')),
  });
  return (
    <ForgotPasswordForm
      initialEmail={initialEmail}
      onSubmit={(values) => forgot.mutate(values)}
      onBack={onBack}
      submitting={forgot.isPending}
      sentMessage={forgot.data?.message ?? null}
    />
  );
}

/** The login and signup dialog with its two tabs, Login and Sign Up. */
export function AuthModal({ opened, tab, onTabChange, onClose, onSuccess, emailPlaceholder }: AuthModalProps) {
  const { i18n } = useLingui();
  const { setUser } = useCurrentUser();
  const utils = trpc.useUtils();
  // This dialog loads lazily and would mount already open; Mantine records the element to give
  // the focus back to only when `opened` turns true, so open it one render after mounting.
  const mounted = useMounted();
  // What was typed in one email field follows to the other (login <-> forgot password).
  const [email, setEmail] = useState('');
  const [backFromForgot, setBackFromForgot] = useState(false);
  // The dialog stays mounted between uses: each opening starts afresh.
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) {
      setEmail('');
      setBackFromForgot(false);
    }
  }

  const signedIn = async (user: User) => {
    // A load-time `auth.me` still in flight must not overwrite the new session's answer.
    await utils.auth.me.cancel();
    setUser(user);
    utils.auth.me.setData(undefined, user);
    onClose();
    onSuccess?.(user);
  };

  const login = trpc.auth.login.useMutation({
    onSuccess: async (user) => {
      await signedIn(user);
      notifySuccess(i18n._('Welcome Back!'), i18n._('You are signed in as {name}.', { name: user.name }));
    },
    onError: (error) => notifyFailure(i18n._('Login Failed'), error, i18n._('Please check your credentials.')),
  });

  const register = trpc.auth.register.useMutation({
    onSuccess: async (user) => {
      await signedIn(user);
      notifySuccess(
        i18n._('Account Created!'),
        i18n._('Welcome to PAC Hub, {name}. You are now signed in.', { name: user.name }),
      );
    },
    onError: (error) => notifyFailure(i18n._('Registration Failed'), error, i18n._('Please try again.')),
  });

  return (
    <Modal opened={opened && mounted} onClose={onClose} title={i18n._('Welcome to PAC Hub')} size="md">
      <Tabs
        value={tab === 'signup' ? 'signup' : 'login'}
        onChange={(value) => {
          setBackFromForgot(false);
          onTabChange(value === 'signup' ? 'signup' : 'login');
        }}
        keepMounted={false}
      >
        <Tabs.List grow mb="md">
          <Tabs.Tab value="login">{i18n._('Login')}</Tabs.Tab>
          <Tabs.Tab value="signup">
            {i18n._({
              id: 'Sign Up (create an account)',
              message: 'Sign Up',
              comment: 'The tab of the login dialog that creates an account; English shows "Sign Up"',
            })}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="login">
          {tab === 'forgotPassword' ? (
            <ForgotPassword
              initialEmail={email}
              onBack={(typed) => {
                setEmail(typed);
                setBackFromForgot(true);
                onTabChange('login');
              }}
            />
          ) : (
            <LoginForm
              onSubmit={(values) => login.mutate(values)}
              onCancel={onClose}
              submitting={login.isPending}
              emailPlaceholder={emailPlaceholder}
              initialEmail={email}
              onForgotPassword={(typed) => {
                setEmail(typed);
                setBackFromForgot(false);
                onTabChange('forgotPassword');
              }}
              focusForgotPassword={backFromForgot}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="signup">
          <SignUpForm
            onSubmit={(values) => register.mutate(values)}
            onCancel={onClose}
            submitting={register.isPending}
          />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}
