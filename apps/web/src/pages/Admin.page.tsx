import '../styles/mantine-rest.css';
import { Button, Group, Stack, Tabs, Title } from '@mantine/core';
import { useState } from 'react';
import { PageLayout } from '../components/PageLayout';
import { AdminGate } from '../features/admin/AdminGate';
import { EmailSettingsTab, MonitoringTab, OverviewTab } from '../features/admin/AdminTabs';
import { OrganizerDashboard } from '../features/admin/OrganizerDashboard';
import { People } from '../features/admin/People';
import { CreateSheetDialog } from '../features/sheets/SheetDialogs';

type DashboardTab = 'overview' | 'monitoring' | 'email' | 'people';

function isDashboardTab(value: string | null): value is DashboardTab {
  return value === 'overview' || value === 'monitoring' || value === 'email' || value === 'people';
}

/** The dashboard shell: title, 'Create New Sign Up', SPEC.md's three tabs and People. */
function AdminDashboard() {
  const [tab, setTab] = useState<DashboardTab>('overview');
  const [creating, setCreating] = useState(false);
  const openCreate = () => setCreating(true);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Title order={1}>PAC Admin Dashboard</Title>
        <Button onClick={openCreate}>Create New Sign Up</Button>
      </Group>
      {/* Hidden tabs unmount, so that a tab's polling runs only while it is shown. */}
      <Tabs value={tab} onChange={(value) => isDashboardTab(value) && setTab(value)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="monitoring">Website Monitoring</Tabs.Tab>
          <Tabs.Tab value="email">Email Settings</Tabs.Tab>
          <Tabs.Tab value="people">People</Tabs.Tab>
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
      </Tabs>
      <CreateSheetDialog opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/** /admin — the admin gate, and behind it the dashboard (an organizer's part of it for organizers). */
export default function AdminPage() {
  return (
    <PageLayout title="Admin Dashboard">
      <AdminGate organizerView={<OrganizerDashboard />}>
        <AdminDashboard />
      </AdminGate>
    </PageLayout>
  );
}
