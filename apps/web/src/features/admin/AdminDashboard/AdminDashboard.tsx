// The administrator's dashboard loads on demand (an organizer's never does), with the part of
// Mantine's stylesheet that its tabs, dialogs and fields use.
import '../../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { AnnouncementDrafts } from '../../announcements';
import { CreateSheetDialog } from '../../sheets/SheetDialogs';
import { EmailSettingsTab, MonitoringTab, OverviewTab } from '../AdminTabs';
import { People } from '../People';
import { PrivacyTab } from '../Privacy';

type DashboardTab = 'overview' | 'monitoring' | 'email' | 'people' | 'privacy';

function isDashboardTab(value: string | null): value is DashboardTab {
  return (
    value === 'overview' || value === 'monitoring' || value === 'email' || value === 'people' || value === 'privacy'
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
      <AnnouncementDrafts hideWhenEmpty />
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
        <Tabs.Panel value="monitoring" pt="lg">
          <MonitoringTab />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="lg">
          <EmailSettingsTab onOpenMonitoring={() => setTab('monitoring')} />
        </Tabs.Panel>
        <Tabs.Panel value="people" pt="lg">
          <People />
        </Tabs.Panel>
        <Tabs.Panel value="privacy" pt="lg">
          <PrivacyTab />
        </Tabs.Panel>
      </Tabs>
      <CreateSheetDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
