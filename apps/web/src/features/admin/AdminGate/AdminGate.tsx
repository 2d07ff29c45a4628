import { Trans, useLingui } from '@lingui/react';
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { type CurrentUser, readStoredUser, sameUser } from '../../../lib/session/storedUser';
import { useCurrentUser } from '../../../lib/session/useCurrentUser';
import { useSignOut } from '../../../lib/session/useSignOut';
import { trpc } from '../../../trpc';
import { useAuthDialog } from '../../account/AuthDialogProvider';

/** The sample admin address the gate shows (SPEC.md section 2, Admin gate). */
export const sampleAdminEmail = 'admin@example.org';

export interface AdminGateProps {
  children: ReactNode;
  /**
   * What an organizer sees instead of `children` (their part of the dashboard). Without it,
   * organizers get 'Access Denied' like any other account that is not an administrator.
   */
  organizerView?: ReactNode;
  /** What a successful admin sign-in does; the page reloads so the dashboard starts afresh. */
  onSignedIn?: () => void;
}

function GateCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder shadow="sm" padding="xl" maw={520} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function BackToHome() {
  const { i18n } = useLingui();
  return (
    <Button component={Link} to="/" variant="default">
      {i18n._('Back to Home')}
    </Button>
  );
}

function AdminAccessRequired({ onSignedIn }: { onSignedIn: () => void }) {
  const { i18n } = useLingui();
  const { openAuthDialog } = useAuthDialog();
  return (
    <GateCard title={i18n._('Admin Access Required')}>
      <Text c="dimmed">
        {i18n._('You need to sign in with an administrator account to manage signup sheets and volunteers.')}
      </Text>
      <Alert variant="light" color="blue" w="100%" ta="start">
        {/* A code element of its own rather than Mantine's Code, whose styles the dashboard's first screen does without. */}
        <Trans
          id="Sign in with your admin account email, for example <0>{email}</0>, and its password."
          values={{ email: sampleAdminEmail }}
          components={{
            0: <Text component="code" ff="monospace" fz="sm" bg="gray.1" px={4} style={{ borderRadius: 4 }} />,
          }}
        />
      </Alert>
      <Group justify="center" gap="sm">
        <Button
          onClick={() => openAuthDialog({ tab: 'login', emailPlaceholder: sampleAdminEmail, onSuccess: onSignedIn })}
        >
          {i18n._('Sign In as Admin')}
        </Button>
        <BackToHome />
      </Group>
    </GateCard>
  );
}

function AccessDenied({ user }: { user: CurrentUser }) {
  const { i18n } = useLingui();
  const { signOut, pending } = useSignOut();
  // The stored user carries no email; the session's account does.
  const me = trpc.auth.me.useQuery();
  const email = me.data?.id === user.id ? me.data.email : null;
  return (
    <GateCard title={i18n._('Access Denied')}>
      <Text>
        {email === null ? (
          <Trans
            id="You are signed in as <0>{name}</0>, which is not an administrator account."
            values={{ name: user.name }}
            components={{ 0: <strong /> }}
          />
        ) : (
          <Trans
            id="You are signed in as <0>{name}</0> ({email}), which is not an administrator account."
            values={{ name: user.name, email }}
            components={{ 0: <strong /> }}
          />
        )}
      </Text>
      <Text c="dimmed" size="sm">
        {i18n._('Sign out and sign in with an administrator account to open the dashboard.')}
      </Text>
      <Group justify="center" gap="sm">
        <Button color="red" variant="light" onClick={signOut} loading={pending}>
          {i18n._('Sign Out')}
        </Button>
        <BackToHome />
      </Group>
    </GateCard>
  );
}

const reloadPage = () => window.location.reload();

/**
 * An account that is not an administrator: the organizer's view when the session's account is an
 * organizer (the stored user carries only isAdmin, so the role comes from the session), else
 * 'Access Denied'.
 */
function NotAnAdmin({ user, organizerView }: { user: CurrentUser; organizerView?: ReactNode }) {
  const { i18n } = useLingui();
  const me = trpc.auth.me.useQuery(undefined, { enabled: organizerView !== undefined });
  if (organizerView === undefined) return <AccessDenied user={user} />;
  if (me.isPending)
    return (
      <Center mih="40vh">
        <Loader aria-label={i18n._('Checking your access')} />
      </Center>
    );
  if (me.data?.id === user.id && me.data.role === 'organizer') return <>{organizerView}</>;
  return <AccessDenied user={user} />;
}

/**
 * Shows `children` (the dashboard) only to a stored admin user (SPEC.md section 6: the client
 * checks local storage; the server refuses admin calls from anyone else), and `organizerView` to
 * an organizer. Otherwise: 'Admin Access Required' when signed out, 'Access Denied' for any other
 * account.
 */
export function AdminGate({ children, organizerView, onSignedIn = reloadPage }: AdminGateProps) {
  const { user, setUser } = useCurrentUser();

  // Storage may have changed since the app loaded (in this tab, which gets no storage event);
  // reading it also removes a corrupt entry.
  useEffect(() => {
    const stored = readStoredUser();
    if (!sameUser(stored, user)) setUser(stored);
  }, [user, setUser]);

  if (user === null) return <AdminAccessRequired onSignedIn={onSignedIn} />;
  if (!user.isAdmin) return <NotAnAdmin user={user} organizerView={organizerView} />;
  return <>{children}</>;
}
