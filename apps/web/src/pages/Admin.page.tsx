import { useLingui } from '@lingui/react';
import { PageLayout } from '../components/PageLayout';
import { AdminDashboard } from '../features/admin/AdminDashboard';
import { AdminGate } from '../features/admin/AdminGate';
import { OrganizerDashboard } from '../features/admin/OrganizerDashboard';
import { useCurrentUser } from '../lib/session/useCurrentUser';
import { trpc } from '../trpc';

/**
 * Asks for the signed-in organizer's sheets as the page starts rendering, ahead of the header's own
 * code, when the page did not bring them: on a slow phone the cards' one query then goes out first
 * rather than after a dozen files. (An administrator's sheets are far below their first screen.)
 */
function PrefetchSheets() {
  trpc.sheets.managed.usePrefetchQuery();
  return null;
}

/**
 * /admin — the admin gate, and behind it the dashboard (an organizer's part of it for organizers).
 * Both dashboards' first screens come with the page (the server preloads its code and embeds their
 * data); the rest of each loads on demand.
 */
export default function AdminPage() {
  const { user } = useCurrentUser();
  const { i18n } = useLingui();
  return (
    <>
      {user !== null && !user.isAdmin && <PrefetchSheets />}
      <PageLayout title={i18n._('Admin Dashboard')}>
        <AdminGate organizerView={<OrganizerDashboard />}>
          <AdminDashboard />
        </AdminGate>
      </PageLayout>
    </>
  );
}
