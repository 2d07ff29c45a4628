import { useLingui } from '@lingui/react';
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { PageLayout } from '../components/PageLayout';
import { AdminGate } from '../features/admin/AdminGate';
import { OrganizerDashboard } from '../features/admin/OrganizerDashboard';
import { readStoredUser } from '../lib/session/storedUser';
import { useCurrentUser } from '../lib/session/useCurrentUser';
import { trpc } from '../trpc';

// The administrator's dashboard (its tabs, monitoring, settings and people) is most of this page's
// code and none of an organizer's: it loads on its own. For the administrator the browser remembers,
// it starts loading with this page rather than once the gate has rendered.
const AdminDashboard = lazy(() =>
  import('../features/admin/AdminDashboard').then((m) => ({ default: m.AdminDashboard })),
);
if (readStoredUser()?.isAdmin === true) void import('../features/admin/AdminDashboard');

function DashboardLoader() {
  const { i18n } = useLingui();
  return (
    <Center mih="40vh">
      <Loader aria-label={i18n._('Loading the dashboard')} />
    </Center>
  );
}

/**
 * Asks for the signed-in account's sheets as the page starts rendering, ahead of the header's own
 * code: on a slow phone the cards' one query then goes out first rather than after a dozen files.
 */
function PrefetchSheets() {
  trpc.sheets.managed.usePrefetchQuery();
  return null;
}

/** /admin — the admin gate, and behind it the dashboard (an organizer's part of it for organizers). */
export default function AdminPage() {
  const { user } = useCurrentUser();
  const { i18n } = useLingui();
  return (
    <>
      {user !== null && <PrefetchSheets />}
      <PageLayout title={i18n._('Admin Dashboard')}>
        <AdminGate organizerView={<OrganizerDashboard />}>
          <Suspense fallback={<DashboardLoader />}>
            <AdminDashboard />
          </Suspense>
        </AdminGate>
      </PageLayout>
    </>
  );
}
