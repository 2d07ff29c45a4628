import '../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { useParams } from 'react-router-dom';
import { PageLayout } from '../components/PageLayout';
import { AdminGate } from '../features/admin/AdminGate';
import { SheetRoster } from '../features/sheets/Roster';

/**
 * /signup-sheet/:id/roster — the event-day roster, for an administrator or the sheet's organizer
 * (API.md "Coordinator toolkit"). Signed out: the sign-in prompt; a member: 'Access Denied'; an
 * organizer on someone else's sheet: the server's refusal.
 */
export default function RosterPage() {
  const { id } = useParams();
  const { i18n } = useLingui();
  const sheetId = /^[0-9]+$/.test(id ?? '') ? Number(id) : Number.NaN;
  const roster = <SheetRoster sheetId={sheetId} />;
  return (
    <PageLayout
      title={i18n._('Roster', undefined, {
        comment: "A page's title: the list of a sheet's volunteers for the event day",
      })}
    >
      <AdminGate organizerView={roster}>{roster}</AdminGate>
    </PageLayout>
  );
}
