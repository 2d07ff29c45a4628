import { ActionIcon, Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CalendarIcon, DuplicateIcon, EditIcon, TrashIcon } from '../../../components/Icons';
import { QueryState } from '../../../components/QueryState';
import { formatDateTime, formatTimeRange } from '../../../lib/dates';
import { trpc } from '../../../trpc';
import type { SheetListItem } from '../../../types';
import { orderSheetsForManagement, useRefreshDashboard } from '../dashboard';
import { DuplicateSheetDialog } from '../DuplicateSheetDialog';
import { ExportSheetCsvButton } from '../ExportSheetCsvButton';
import { EditSheetDialog } from '../EditSheetDialog';
import { SheetCardSkeletons } from '../SheetCard';
import { deleteSheetQuestion, useDeleteSheet } from '../sheetMutations';
import { AddSlotDialog, SlotDialogs, useSlotDialogs } from '../SlotDialogs';
import { eventHasPassed, sortSlots, spotCounts } from '../slots';

type ManagedSlot = SheetListItem['slots'][number];

/** 'Manage Signup Sheets' shows this many skeleton cards while loading (SPEC.md section 9). */
export const manageSkeletonCards = 4;

export interface ManagedSheetCardProps {
  sheet: SheetListItem;
  /** The event is over: the card says 'Past'. */
  past?: boolean;
  onDelete: () => void;
  /** Opens 'Edit Signup Sheet' (the button shows only with a handler). */
  onEdit?: () => void;
  /** Opens 'Duplicate Signup Sheet' (the button shows only with a handler). */
  onDuplicate?: () => void;
  onAddSlot: () => void;
  onEditSlot: (slot: ManagedSlot) => void;
  onDeleteSlot: (slot: ManagedSlot) => void;
}

/** A sheet with every slot and the admin's controls, and 'Add Volunteer Slot' under it. */
export function ManagedSheetCard({
  sheet,
  past = false,
  onDelete,
  onEdit,
  onDuplicate,
  onAddSlot,
  onEditSlot,
  onDeleteSlot,
}: ManagedSheetCardProps) {
  const { filled, open } = spotCounts(sheet.slots);
  const titleId = `managed-sheet-${sheet.id}-title`;
  return (
    <Stack gap="xs">
      <Card withBorder shadow="sm" padding="lg" component="article" aria-labelledby={titleId} style={{ flex: 1 }}>
        <Stack gap="sm">
          {/* A long title takes the line and the sheet's controls go under it, rather than squeezing it on a phone. */}
          <Group justify="space-between" align="flex-start" gap="xs">
            <Anchor component={Link} to={`/signup-sheet/${sheet.id}`} c="inherit">
              <Title order={3} size="h4" id={titleId}>
                {sheet.title}
              </Title>
            </Anchor>
            <Group gap={4} wrap="nowrap">
              {onEdit && (
                <Tooltip label="Edit signup sheet">
                  <ActionIcon variant="subtle" onClick={onEdit} aria-label={`Edit sheet ${sheet.title}`}>
                    <EditIcon />
                  </ActionIcon>
                </Tooltip>
              )}
              {onDuplicate && (
                <Tooltip label="Duplicate signup sheet">
                  <ActionIcon variant="subtle" onClick={onDuplicate} aria-label={`Duplicate ${sheet.title}`}>
                    <DuplicateIcon />
                  </ActionIcon>
                </Tooltip>
              )}
              <ExportSheetCsvButton sheet={sheet} />
              <Tooltip label="Delete signup sheet">
                <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={`Delete ${sheet.title}`}>
                  <TrashIcon />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Group>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <CalendarIcon />
            <Text size="sm">{formatDateTime(sheet.eventDate)}</Text>
            {past && (
              <Badge color="gray" variant="light">
                Past
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            <Badge color="teal" variant="light">
              {filled} filled
            </Badge>
            <Badge color="blue" variant="light">
              {open} open
            </Badge>
          </Group>
          {sheet.slots.length === 0 ? (
            <Text size="sm" c="dimmed">
              No volunteer slots yet.
            </Text>
          ) : (
            <Stack
              gap={4}
              component="ul"
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={`Slots of ${sheet.title}`}
            >
              {sortSlots(sheet.slots).map((slot) => {
                const time = formatTimeRange(slot.startTime, slot.endTime);
                return (
                  <Group key={slot.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500}>
                        {slot.title}
                        {slot.kind === 'item' && (
                          <Badge component="span" size="xs" variant="light" color="grape" ml={6}>
                            Item
                          </Badge>
                        )}
                      </Text>
                      {time && (
                        <Text size="xs" c="dimmed">
                          {time}
                        </Text>
                      )}
                    </div>
                    <Group gap={4} wrap="nowrap">
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} mr={4}>
                        {slot.currentVolunteers} / {slot.maxVolunteers}
                      </Text>
                      <Tooltip label="Edit volunteer slot">
                        <ActionIcon variant="subtle" aria-label={`Edit ${slot.title}`} onClick={() => onEditSlot(slot)}>
                          <EditIcon />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete volunteer slot">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${slot.title}`}
                          onClick={() => onDeleteSlot(slot)}
                        >
                          <TrashIcon />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Card>
      <Button variant="light" fullWidth onClick={onAddSlot} aria-label={`Add Volunteer Slot to ${sheet.title}`}>
        Add Volunteer Slot
      </Button>
    </Stack>
  );
}

/** What a dialog on this section is open for; one at a time. */
type Dialog =
  | { kind: 'deleteSheet'; sheet: SheetListItem }
  | { kind: 'editSheet'; sheet: SheetListItem }
  | { kind: 'duplicateSheet'; sheet: SheetListItem }
  | { kind: 'addSlot'; sheet: SheetListItem };

export interface ManageSheetsProps {
  /** Opens the Create New Signup Sheet dialog (the empty state's button). */
  onCreateSheet: () => void;
}

/** 'Manage Signup Sheets': every sheet with its slots, in two columns, with the admin's controls. */
export function ManageSheets({ onCreateSheet }: ManageSheetsProps) {
  // The organizer tier: an organizer's own sheets, every sheet for an administrator.
  const sheets = trpc.sheets.managed.useQuery();
  const refresh = useRefreshDashboard();
  // The subject stays after closing so that a dialog's content does not vanish mid-transition.
  const [dialog, setDialogState] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState(false);
  const openDialog = (next: Dialog) => {
    setDialogState(next);
    setOpened(true);
  };
  const close = () => setOpened(false);
  const isOpen = (kind: Dialog['kind']) => opened && dialog?.kind === kind;

  const deleteSheet = useDeleteSheet({ onSuccess: close, onSettled: refresh });
  const slotDialogs = useSlotDialogs();

  const body = (
    <QueryState
      query={sheets}
      loading={
        <SheetCardSkeletons
          count={manageSkeletonCards}
          cols={{ base: 1, md: 2 }}
          label="Loading signup sheets"
          testId="sheet-skeleton"
        />
      }
      failed="Could not load signup sheets"
      empty={
        <Card withBorder padding="xl" ta="center">
          <Stack align="center" gap="sm">
            <Title order={3} size="h4">
              No Signup Sheets Yet
            </Title>
            <Text c="dimmed">Create your first signup sheet to start collecting volunteers.</Text>
            <Button onClick={onCreateSheet}>Create First Signup Sheet</Button>
          </Stack>
        </Card>
      }
    >
      {(managed) => {
        const now = new Date();
        return (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {orderSheetsForManagement(managed, now).map((sheet) => (
              <ManagedSheetCard
                key={sheet.id}
                sheet={sheet}
                past={eventHasPassed(sheet.eventDate, now)}
                onDelete={() => openDialog({ kind: 'deleteSheet', sheet })}
                onEdit={() => openDialog({ kind: 'editSheet', sheet })}
                onDuplicate={() => openDialog({ kind: 'duplicateSheet', sheet })}
                onAddSlot={() => openDialog({ kind: 'addSlot', sheet })}
                onEditSlot={(slot) => slotDialogs.edit(slot, sheet.eventDate)}
                onDeleteSlot={slotDialogs.confirmDelete}
              />
            ))}
          </SimpleGrid>
        );
      }}
    </QueryState>
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="manage-sheets-title">
      <Title order={2} size="h3" id="manage-sheets-title">
        Manage Signup Sheets
      </Title>
      {body}

      <ConfirmDialog
        opened={isOpen('deleteSheet')}
        title="Delete Signup Sheet"
        message={deleteSheetQuestion}
        confirmLabel="Delete"
        loading={deleteSheet.isPending}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind === 'deleteSheet') deleteSheet.mutate({ id: dialog.sheet.id });
        }}
      />

      <EditSheetDialog
        opened={isOpen('editSheet')}
        sheet={dialog?.kind === 'editSheet' ? dialog.sheet : null}
        onClose={close}
      />

      <DuplicateSheetDialog
        opened={isOpen('duplicateSheet')}
        sheet={dialog?.kind === 'duplicateSheet' ? dialog.sheet : null}
        onClose={close}
      />

      <AddSlotDialog
        opened={isOpen('addSlot')}
        sheet={dialog?.kind === 'addSlot' ? dialog.sheet : null}
        onClose={close}
      />

      <SlotDialogs control={slotDialogs} onSettled={refresh} />
    </Stack>
  );
}
