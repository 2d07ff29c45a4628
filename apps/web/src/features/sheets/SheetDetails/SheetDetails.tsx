import { Trans, useLingui } from '@lingui/react';
import { Anchor, Button, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
// The zod-free subpath, not the barrel: the barrel would bring zod into the sheet page's first load.
import { maxSlotsPerSignup } from '@pac/validators/signup-messages';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { CalendarIcon, MailIcon } from '../../../components/Icons';
import { useDates } from '../../../lib/language';
import { useCurrentUser } from '../../../lib/session/useCurrentUser';
import { usePainted } from '../../../lib/usePainted';
import { trpc } from '../../../trpc';
import type { SheetDetail, SlotDetail } from '../../../types';
import { forgetSignups, rememberedOnSheet, useSignupMemory } from '../../signup/signupMemory';
import { LocationLine } from '../LocationLine';
import { SelectionBar } from '../SelectionBar';
import { ShareSheet } from '../ShareSheet';
import { SlotCard } from '../SlotCard';
import { useSlotDialogs } from '../SlotDialogs/useSlotDialogs';
import { eventHasPassed, isSlotFull, signupsClosed, sortSlots } from '../slots';
import type { SheetDialog } from './SheetDetailsDialogs';

export { cancelSignupQuestion, removeVolunteerQuestion, signupsSuccessText, signupSuccessText } from './sheetTexts';

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
  /**
   * When the sheet was read (ms): a signup this browser remembers from before then, and which the
   * sheet no longer lists, is gone. Without it, when the page was opened.
   */
  fetchedAt?: number;
}

/**
 * A signup sheet with its slots, the signup form (for one slot, or the several ticked, through the
 * selection bar), this browser's own signups with their manage links, and the admin's slot and
 * volunteer controls.
 */
export function SheetDetails({ sheet, now = new Date(), fetchedAt }: SheetDetailsProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  const me = trpc.auth.me.useQuery();
  // The dialog's subject stays after closing so that its content does not vanish mid-transition;
  // Mantine unmounts a closed modal's content, so every opening starts with a fresh form.
  const [dialog, setDialogState] = useState<SheetDialog | null>(null);
  const [opened, setOpened] = useState(false);
  // The slot whose card takes the focus once it shows the signup just made (its Sign Up button is gone).
  const [focusSlot, setFocusSlot] = useState<number | null>(null);
  const setDialog = (next: SheetDialog) => {
    setDialogState(next);
    setOpened(true);
    setFocusSlot(null);
  };
  const slotDialogs = useSlotDialogs();
  const painted = usePainted();
  const clearFocusSlot = useCallback(() => setFocusSlot(null), []);

  const slots = sortSlots(sheet.slots);
  const past = eventHasPassed(sheet.eventDate, now);

  // This browser's own signups (made without an account); those the sheet no longer lists are forgotten.
  const memory = useSignupMemory();
  const [openedAt] = useState(() => Date.now());
  const remembered = rememberedOnSheet(memory.signups, sheet, fetchedAt ?? openedAt);
  const goneKey = remembered.gone.join(',');
  useEffect(() => {
    if (goneKey !== '') forgetSignups(goneKey.split(',').map(Number));
  }, [goneKey]);

  // The slots ticked for one signup of several. A slot that closed or became the viewer's meanwhile drops out.
  const [selection, setSelection] = useState<readonly number[]>([]);
  const isClosed = (slot: SlotDetail) => signupsClosed(slot, sheet.eventDate, now);
  const isTheirs = (slot: SlotDetail) =>
    slot.volunteers.some((v) => v.isMine) || (remembered.bySlot.get(slot.id)?.length ?? 0) > 0;
  const selectable = (slot: SlotDetail) => !isClosed(slot) && !isTheirs(slot);
  const selected = slots.filter((slot) => selection.includes(slot.id) && selectable(slot));
  const select = (slotId: number, on: boolean) =>
    setSelection((current) =>
      on ? [...current.filter((id) => id !== slotId), slotId] : current.filter((id) => id !== slotId),
    );
  // The sheet's limit counts confirmed signups: those held already and the open slots ticked (a full one waitlists).
  const limit = sheet.maxSlotsPerPerson;
  const held = slots.filter(
    (slot) =>
      slot.volunteers.some((v) => v.isMine && v.status === 'confirmed') ||
      remembered.bySlot.get(slot.id)?.some((r) => r.status === 'confirmed') === true,
  ).length;
  const atLimit = limit !== null && held + selected.filter((slot) => !isSlotFull(slot)).length >= limit;
  // One signup takes at most so many slots (the server's limit too).
  const atSignupLimit = selected.length >= maxSlotsPerSignup;
  // The shared messages (signupMessages.atMostSlots, tooManySlots), as the page's language writes them.
  const limitText = atLimit
    ? i18n._('{count, plural, other {You can sign up for at most # slots on this sheet}}', { count: limit })
    : atSignupLimit
      ? i18n._('{count, plural, other {You can sign up for at most # slots at once}}', { count: maxSlotsPerSignup })
      : null;

  return (
    <Stack gap="xl">
      <Card withBorder padding="xl">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {sheet.title}
          </Title>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <CalendarIcon />
            <Text>{dates.formatDateTime(sheet.eventDate)}</Text>
          </Group>
          {sheet.location && <LocationLine location={sheet.location} />}
          <ShareSheet sheetId={sheet.id} title={sheet.title} />
          {past && (
            <Paper bg="gray.1" px="sm" py={6} radius="sm" style={{ alignSelf: 'flex-start' }}>
              <Text size="sm" fw={600} c="gray.8">
                {i18n._('This event has passed')}
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
              <Trans
                id="Organized by <0>{name}</0>"
                values={{ name: sheet.organizerName }}
                components={{ 0: <strong /> }}
              />
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
              {i18n._('Roster')}
            </Button>
          )}
        </Stack>
      </Card>

      <Stack gap="md" component="section" aria-labelledby="slots-title">
        <Title order={2} size="h3" id="slots-title">
          {i18n._('Volunteer Opportunities')}
        </Title>
        {limit !== null && (
          <Text size="sm" c="gray.7">
            {i18n._('{count, plural, other {You can sign up for at most # slots on this sheet.}}', { count: limit })}
          </Text>
        )}
        {slots.length === 0 ? (
          <Text c="dimmed">{i18n._('No volunteer slots have been added to this event yet.')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {slots.map((slot) => (
              <SlotCard
                key={slot.id}
                slot={slot}
                sheetLocation={sheet.location}
                closed={isClosed(slot)}
                onSignUp={() => setDialog({ kind: 'signup', slotIds: [slot.id] })}
                onCancelMine={(volunteer) => setDialog({ kind: 'cancelMine', volunteer, slot })}
                remembered={remembered.bySlot.get(slot.id)}
                takeFocus={focusSlot === slot.id}
                onFocusTaken={clearFocusSlot}
                selection={
                  selectable(slot)
                    ? {
                        selected: selected.includes(slot),
                        disabled: atSignupLimit || (atLimit && !isSlotFull(slot)),
                        onChange: (on) => select(slot.id, on),
                      }
                    : undefined
                }
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

      <SelectionBar
        count={selected.length}
        limit={limitText}
        onContinue={() => setDialog({ kind: 'signup', slotIds: selected.map((slot) => slot.id) })}
      />

      {(painted || dialog !== null || slotDialogs.subject !== null) && (
        <Suspense fallback={null}>
          <SheetDetailsDialogs
            sheet={sheet}
            dialog={dialog}
            opened={opened}
            onClose={() => setOpened(false)}
            slotDialogs={slotDialogs}
            onRemoveFromSignup={(slotId) => {
              select(slotId, false);
              setDialogState((current) =>
                current?.kind === 'signup'
                  ? { ...current, slotIds: current.slotIds.filter((id) => id !== slotId) }
                  : current,
              );
            }}
            onSignedUp={(slotIds) => {
              setSelection((current) => current.filter((id) => !slotIds.includes(id)));
              setFocusSlot(slots.find((slot) => slotIds.includes(slot.id))?.id ?? null);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
