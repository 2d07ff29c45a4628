import { useLingui } from '@lingui/react';
import { Anchor, Box, Button, Container, Group, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useMatch } from 'react-router-dom';
import { useAuthDialog } from '../../features/account/AuthDialogProvider';
import { useCurrentUser } from '../../lib/session/useCurrentUser';
import { usePainted } from '../../lib/usePainted';
import { AccountName } from './AccountName';
import { LanguageSwitch } from './LanguageButton';

// The menu (and the popover library under it) loads only for signed-in visitors, once the page is
// on screen: its dozen files are no part of what a phone must fetch and run to show the page.
const UserMenu = lazy(() => import('./UserMenu').then((m) => ({ default: m.UserMenu })));

function HeaderLink({ to, end = false, children }: { to: string; end?: boolean; children: string }) {
  const active = useMatch({ path: to, end }) !== null;
  return (
    <Anchor
      component={Link}
      to={to}
      c={active ? 'blue.8' : 'gray.7'}
      fw={active ? 600 : 500}
      aria-current={active ? 'page' : undefined}
    >
      {children}
    </Anchor>
  );
}

/** The account button while the user menu's code loads. */
function AccountButtonLoading({ name }: { name: string }) {
  return (
    <Button variant="light" loading>
      <AccountName name={name} />
    </Button>
  );
}

/** The shared header: brand, Home and Admin links, the language menu, and Login or the user menu. */
export function Header() {
  const { user } = useCurrentUser();
  const { openAuthDialog } = useAuthDialog();
  // The menu's placeholder until the page has been painted, and so until React has taken over a page
  // the server rendered: the menu's code is not there yet, and a menu button that looked ready would
  // not open.
  const painted = usePainted();
  const { i18n } = useLingui();

  return (
    <Box
      component="header"
      bg="var(--mantine-color-body)"
      style={{
        borderBottom: '1px solid var(--mantine-color-gray-3)',
        position: 'sticky',
        top: 0,
        zIndex: 100,
      }}
    >
      <Container size="lg">
        {/* On a phone the gaps narrow (global.css), so that all of it fits in 390 px. */}
        <Group justify="space-between" h={64} wrap="nowrap" className="pac-header-bar">
          <Group gap="lg" wrap="nowrap" className="pac-header-start">
            <Anchor
              component={Link}
              to="/"
              underline="never"
              aria-label={i18n._('PAC Hub home')}
              style={{ flexShrink: 0 }}
            >
              <Text component="span" fw={800} size="lg" c="blue.8" style={{ whiteSpace: 'nowrap' }}>
                PAC Hub
              </Text>
            </Anchor>
            <Group component="nav" aria-label={i18n._('Main')} gap="md" wrap="nowrap" className="pac-header-nav">
              <HeaderLink to="/" end>
                {i18n._('Home')}
              </HeaderLink>
              <HeaderLink to="/admin">{i18n._('Admin')}</HeaderLink>
            </Group>
          </Group>
          <Group gap="xs" wrap="nowrap" className="pac-header-end">
            <LanguageSwitch />
            {user ? (
              painted ? (
                <Suspense fallback={<AccountButtonLoading name={user.name} />}>
                  <UserMenu user={user} />
                </Suspense>
              ) : (
                <AccountButtonLoading name={user.name} />
              )
            ) : (
              <Button onClick={() => openAuthDialog()}>{i18n._('Login')}</Button>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
