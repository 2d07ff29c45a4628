// The tabs' styles, a part of Mantine's stylesheet of their own: the first screen needs no other.
import '@mantine/core/styles/Tabs.css';
import { useLingui } from '@lingui/react';
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { AfterPaint } from '../../../components/AfterPaint';
import { OnceOpened } from '../../../components/OnceOpened';
import { OverviewTab } from '../AdminTabs/OverviewTab';
import { DashboardLoader } from '../DashboardLoader';

// The first screen (the title, the tabs and the Overview's stat tiles) comes with the page and draws
// from the data the page carries; everything else loads on demand, each part with the part of
// Mantine's stylesheet it uses: the other tabs when opened, the dialog to create a sheet when first
// opened, and the announcements waiting for approval once the first screen is up.
const MonitoringTab = lazy(() => import('../AdminTabs/MonitoringTab').then((m) => ({ default: m.MonitoringTab })));
const EmailSettingsTab = lazy(() =>
  import('../AdminTabs/EmailSettingsTab').then((m) => ({ default: m.EmailSettingsTab })),
);
const People = lazy(() => import('../People/People').then((m) => ({ default: m.People })));
const PrivacyTab = lazy(() => import('../Privacy/PrivacyTab').then((m) => ({ default: m.PrivacyTab })));
const AnnouncementDrafts = lazy(() =>
  import('../../announcements/AnnouncementDrafts/AnnouncementDrafts').then((m) => ({
    default: m.AnnouncementDrafts,
  })),
);
const CreateSheetDialog = lazy(() =>
  import('../../sheets/SheetDialogs').then((m) => ({ default: m.CreateSheetDialog })),
);

type DashboardTab = 'overview' | 'monitoring' | 'email' | 'people' | 'privacy';

function isDashboardTab(value: string | null): value is DashboardTab {
  return (
    value === 'overview' || value === 'monitoring' || value === 'email' || value === 'people' || value === 'privacy'
  );
}

/** A tab whose code loads when it is first opened. */
function LazyPanel({ value, children }: { value: DashboardTab; children: ReactNode }) {
  return (
    <Tabs.Panel value={value} pt="lg">
      <Suspense fallback={<DashboardLoader />}>{children}</Suspense>
    </Tabs.Panel>
  );
}

/**
 * The administrator's dashboard: title, 'Create New Sign Up', the announcements waiting for
 * approval (only while one is), SPEC.md's three tabs, People and Privacy (a person's request
 * about their data, the privacy log, the privacy contact). After creating a sheet, focus
 * returns to the button that opened the dialog, as before (an organizer's dashboard takes them to
 * the new sheet instead).
 */
export function AdminDashboard() {
  const { i18n } = useLingui();
  const [tab, setTab] = useState<DashboardTab>('overview');
  const [creating, setCreating] = useState(false);
  const openCreate = () => setCreating(true);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>{i18n._('PAC Admin Dashboard')}</Title>
        <Button onClick={openCreate}>{i18n._('Create New Sign Up')}</Button>
      </Group>
      <AfterPaint>
        <Suspense fallback={null}>
          <AnnouncementDrafts hideWhenEmpty />
        </Suspense>
      </AfterPaint>
      {/* Hidden tabs unmount, so that a tab's polling runs only while it is shown. */}
      <Tabs value={tab} onChange={(value) => isDashboardTab(value) && setTab(value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">{i18n._('Overview')}</Tabs.Tab>
          <Tabs.Tab value="monitoring">{i18n._('Website Monitoring')}</Tabs.Tab>
          <Tabs.Tab value="email">{i18n._('Email Settings')}</Tabs.Tab>
          <Tabs.Tab value="people">{i18n._('People')}</Tabs.Tab>
          <Tabs.Tab value="privacy">{i18n._('Privacy')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <OverviewTab onCreateSheet={openCreate} />
        </Tabs.Panel>
        <LazyPanel value="monitoring">
          <MonitoringTab />
        </LazyPanel>
        <LazyPanel value="email">
          <EmailSettingsTab onOpenMonitoring={() => setTab('monitoring')} />
        </LazyPanel>
        <LazyPanel value="people">
          <People />
        </LazyPanel>
        <LazyPanel value="privacy">
          <PrivacyTab />
        </LazyPanel>
      </Tabs>
      <OnceOpened open={creating}>
        {(opened) => <CreateSheetDialog opened={opened} onClose={() => setCreating(false)} />}
      </OnceOpened>
    </Stack>
  );
}
