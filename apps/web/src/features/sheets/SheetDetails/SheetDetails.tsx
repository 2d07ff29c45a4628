import { Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { CalendarIcon, MailIcon } from '../../../components/Icons';
import { formatDateTime } from '../../../lib/dates';
import { useCurrentUser } from '../../../lib/session/useCurrentUser';
import { usePainted } from '../../../lib/usePainted';
import { trpc } from '../../../trpc';
import type { SheetDetail } from '../../../types';
import { SlotCard } from '../SlotCard';
import { useSlotDialogs } from '../SlotDialogs/useSlotDialogs';
import { eventHasPassed, signupsClosed, sortSlots } from '../slots';
import type { SheetDialog } from './SheetDetailsDialogs';

export { cancelSignupQuestion, removeVolunteerQuestion, signupSuccessText } from './sheetTexts';

// The dialogs (Mantine's Modal, the forms and their schemas) load once the sheet is on screen, or
// as soon as one is opened: a parent's phone shows the slots and their Sign Up buttons first. A
// dialog opened before they have arrived opens when they do.
const SheetDetailsDialogs = lazy(() =>
  import('./SheetDetailsDialogs').then((m) => ({ default: m.SheetDetailsDialogs })),
);

export interface SheetDetailsProps {
  sheet: SheetDetail;
  /** When slots count as closed and the event as past; tests pin it. */
  now?: Date;
}

/** A signup sheet with its slots, the signup form, and the admin's slot and volunteer controls. */
export function SheetDetails({ sheet, now = new Date() }: SheetDetailsProps) {
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const me = trpc.auth.me.useQuery();
  // The dialog's subject stays after closing so that its content does not vanish mid-transition;
  // Mantine unmounts a closed modal's content, so every opening starts with a fresh form.
  const [dialog, setDialogState] = useState<SheetDialog | null>(null);
  const [opened, setOpened] = useState(false);
  const setDialog = (next: SheetDialog) => {
    setDialogState(next);
    setOpened(true);
  };
  const slotDialogs = useSlotDialogs();
  const painted = usePainted();

  const slots = sortSlots(sheet.slots);
  const past = eventHasPassed(sheet.eventDate, now);

  return (
    <Stack gap="xl">
      <Card withBorder padding="xl">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {sheet.title}
          </Title>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <CalendarIcon />
            <Text>{formatDateTime(sheet.eventDate)}</Text>
          </Group>
          {past && (
            <Paper bg="gray.1" px="sm" py={6} radius="sm" style={{ alignSelf: 'flex-start' }}>
              <Text size="sm" fw={600} c="gray.8">
                This event has passed
              </Text>
            </Paper>
          )}
          {sheet.description && (
            <Text c="gray.7" style={{ whiteSpace: 'pre-line' }}>
              {sheet.description}
            </Text>
          )}
          {/* The icon stays beside the first line of the organizer's name and address. */}
          <Group gap={6} wrap="nowrap" align="flex-start">
            <MailIcon style={{ flexShrink: 0, marginTop: 3 }} />
            <Text size="sm" miw={0}>
              Organized by <strong>{sheet.organizerName}</strong>
              {' · '}
              <Anchor href={`mailto:${sheet.organizerEmail}`} size="sm">
                {sheet.organizerEmail}
              </Anchor>
            </Text>
          </Group>
          {/* Event day: whoever runs the sheet (an administrator or its organizer) prints and checks in from the roster. */}
          {(isAdmin || (me.data?.role === 'organizer' && me.data.id === sheet.ownerId)) && (
            <Button
              component={Link}
              to={`/signup-sheet/${sheet.id}/roster`}
              variant="light"
              style={{ alignSelf: 'flex-start' }}
            >
              Roster
            </Button>
          )}
        </Stack>
      </Card>

      <Stack gap="md" component="section" aria-labelledby="slots-title">
        <Title order={2} size="h3" id="slots-title">
          Volunteer Opportunities
        </Title>
        {slots.length === 0 ? (
          <Text c="dimmed">No volunteer slots have been added to this event yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {slots.map((slot) => (
              <SlotCard
                key={slot.id}
                slot={slot}
                closed={signupsClosed(slot, sheet.eventDate, now)}
                onSignUp={() => setDialog({ kind: 'signup', slot })}
                onCancelMine={(volunteer) => setDialog({ kind: 'cancelMine', volunteer, slot })}
                admin={
                  isAdmin
                    ? {
                        onEdit: () => slotDialogs.edit(slot, sheet.eventDate),
                        onDelete: () => slotDialogs.confirmDelete(slot),
                        onEditVolunteer: (volunteer) => setDialog({ kind: 'editVolunteer', volunteer }),
                        onRemoveVolunteer: (volunteer) => setDialog({ kind: 'removeVolunteer', volunteer }),
                      }
                    : undefined
                }
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>

      {(painted || dialog !== null || slotDialogs.subject !== null) && (
        <Suspense fallback={null}>
          <SheetDetailsDialogs
            sheet={sheet}
            dialog={dialog}
            opened={opened}
            onClose={() => setOpened(false)}
            slotDialogs={slotDialogs}
          />
        </Suspense>
      )}
    </Stack>
  );
}
