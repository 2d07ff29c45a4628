import { useLingui } from '@lingui/react';
import { ActionIcon, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  CalendarIcon,
  DownloadIcon,
  DuplicateIcon,
  EditIcon,
  GlobeIcon,
  PlusIcon,
  TrashIcon,
  UsersIcon,
} from '../../../components/Icons';
import { AfterPaint } from '../../../components/AfterPaint';
import { OnceOpened } from '../../../components/OnceOpened';
import { QueryState } from '../../../components/QueryState';
import { useDates } from '../../../lib/language';
import { notifySuccess } from '../../../lib/notify';
import { sheetVolunteerExport } from '../../../lib/uploads';
import { useCsvExport } from '../../../lib/useCsvExport';
import { trpc } from '../../../trpc';
import type { SheetListItem } from '../../../types';
import { orderSheetsForManagement, useRefreshDashboard } from '../dashboard';
import { LocationLine } from '../LocationLine';
import { MessageVolunteersButton } from '../MessageVolunteers/MessageVolunteersButton';
import { SheetCardSkeletons } from '../SheetCard';
import { useSlotDialogs } from '../SlotDialogs/useSlotDialogs';
import { eventHasPassed, sortSlots } from '../slots';
import type { ManageSheetsDialog } from './ManageSheetsDialogs';
import { publicSheetUrl, sheetFill } from './sheetFill';
import { linkFieldStyle } from '../linkField';

// The dialogs (Mantine's Modal, the forms and their schemas) load once the cards are on screen:
// an organizer's first sheet card on a phone waits for none of them.
const ManageSheetsDialogs = lazy(() =>
  import('./ManageSheetsDialogs').then((m) => ({ default: m.ManageSheetsDialogs })),
);

type ManagedSlot = SheetListItem['slots'][number];

/** 'Manage Signup Sheets' shows this many skeleton cards while loading (SPEC.md section 9). */
export const manageSkeletonCards = 4;

/** The id of a sheet card's heading, which the dashboard focuses after creating the sheet. */
export const sheetHeadingId = (sheetId: number) => `managed-sheet-${sheetId}-title`;

export interface ManagedSheetCardProps {
  sheet: SheetListItem;
  /** The event is over: the card says 'Past'. */
  past?: boolean;
  /** The sheet was just created here: the card is highlighted and 'Add Volunteer Slot' is the next step. */
  justCreated?: boolean;
  /** false leaves out the list of slots (the list's first frame, on a slow phone); true by default. */
  slotsShown?: boolean;
  onDelete: () => void;
  /** Opens 'Edit Signup Sheet' (the button shows only with a handler). */
  onEdit?: () => void;
  /** Opens 'Duplicate Signup Sheet' (the button shows only with a handler). */
  onDuplicate?: () => void;
  onAddSlot: () => void;
  onEditSlot: (slot: ManagedSlot) => void;
  onDeleteSlot: (slot: ManagedSlot) => void;
}

/** How full the sheet is: '11 of 16 spots filled', a bar, and 'Full' or 'N open'. */
function FillLine({ sheet }: { sheet: SheetListItem }) {
  const { i18n } = useLingui();
  const fill = sheetFill(i18n, sheet.slots);
  if (fill === null) return null;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={500}>
          {fill.text}
        </Text>
        <Badge color={fill.open === 0 ? 'teal' : 'blue'} variant="light" style={{ flexShrink: 0 }}>
          {fill.status}
        </Badge>
      </Group>
      <Progress
        value={fill.percent}
        color={fill.open === 0 ? 'teal' : 'blue'}
        size="sm"
        aria-label={i18n._('{title}: {fill}', { title: sheet.title, fill: fill.text })}
      />
    </Stack>
  );
}

/**
 * Copies the sheet's public address. Where the browser keeps the clipboard from the page (plain
 * HTTP, a refused permission), the address shows in a field, selected, to copy by hand.
 */
function CopyLinkButton({ sheet }: { sheet: SheetListItem }) {
  const { i18n } = useLingui();
  const [manual, setManual] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // Selected as it appears, ready to copy.
  useEffect(() => {
    if (manual === null) return;
    field.current?.focus();
    field.current?.select();
  }, [manual]);
  const copy = async () => {
    const url = publicSheetUrl(sheet.id, window.location.origin);
    try {
      // Absent outside a secure context; it rejects when the browser refuses.
      if (typeof navigator.clipboard?.writeText !== 'function') throw new Error('navigator.clipboard is missing');
      await navigator.clipboard.writeText(url);
      setManual(null);
      notifySuccess(i18n._('Link Copied'), i18n._('The link to "{title}" is ready to paste.', { title: sheet.title }));
    } catch {
      setManual(url);
    }
  };
  return (
    <>
      <Button
        variant="subtle"
        size="xs"
        onClick={() => void copy()}
        aria-label={i18n._('Copy link to {title}', { title: sheet.title })}
      >
        {i18n._('Copy link')}
      </Button>
      {manual !== null && (
        <input
          type="text"
          readOnly
          value={manual}
          aria-label={i18n._('Public link of {title}, to copy', { title: sheet.title })}
          style={linkFieldStyle}
          ref={field}
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
    </>
  );
}

/** One icon button of a card's tools: a native title rather than a tooltip, which would need a popover library. */
function Tool({
  label,
  hint,
  onClick,
  color,
  loading,
  children,
}: {
  label: string;
  hint: string;
  onClick: () => void;
  color?: string;
  loading?: boolean;
  children: ReactNode;
}) {
  return (
    <ActionIcon variant="subtle" color={color} onClick={onClick} aria-label={label} title={hint} loading={loading}>
      {children}
    </ActionIcon>
  );
}

/** Downloads this sheet's volunteers as volunteer-data-{id}.csv. */
function ExportCsvTool({ sheet }: { sheet: SheetListItem }) {
  const { i18n } = useLingui();
  const { exporting, exportCsv } = useCsvExport();
  const { path, filename } = sheetVolunteerExport(sheet.id);
  return (
    <Tool
      label={i18n._('Export volunteers of {title} as CSV', { title: sheet.title })}
      hint={i18n._("Export this sheet's volunteers (CSV)")}
      loading={exporting}
      onClick={() => void exportCsv(path, filename)}
    >
      <DownloadIcon />
    </Tool>
  );
}

/**
 * A sheet as its organizer runs it, readable on a phone: the title, its date, how full it is, and
 * straight to its roster and public page (and that page's link to copy). Then the sheet's tools
 * (edit, duplicate, CSV, message, delete) in one row of small buttons, every slot with its own edit and
 * delete, and 'Add Volunteer Slot' under the card: the obvious next step while the sheet has none.
 */
export function ManagedSheetCard({
  sheet,
  past = false,
  justCreated = false,
  slotsShown = true,
  onDelete,
  onEdit,
  onDuplicate,
  onAddSlot,
  onEditSlot,
  onDeleteSlot,
}: ManagedSheetCardProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const titleId = sheetHeadingId(sheet.id);
  const needsSlots = sheet.slots.length === 0;
  return (
    <Stack gap="xs">
      <Card
        withBorder
        shadow="sm"
        padding="lg"
        component="article"
        aria-labelledby={titleId}
        data-just-created={justCreated || undefined}
        // A sheet just created keeps a blue border; the dashboard also makes it glow for a moment.
        style={{ flex: 1, ...(justCreated ? { borderColor: 'var(--mantine-color-blue-6)' } : {}) }}
      >
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            {/* Focusable from the script only: the dashboard brings a sheet just created into focus. */}
            <Title
              order={3}
              size="h4"
              id={titleId}
              tabIndex={-1}
              miw={0}
              // Focused by the dashboard, not by Tab: the card's highlight shows it, not a focus ring.
              style={{ overflowWrap: 'anywhere', outline: 'none' }}
            >
              {sheet.title}
            </Title>
            {past && (
              <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
                {i18n._('Past', undefined, { comment: 'Badge on a sheet whose event is over' })}
              </Badge>
            )}
          </Group>
          <Group gap={6} c="dimmed" wrap="nowrap">
            <CalendarIcon />
            <Text size="sm">{dates.formatDateTime(sheet.eventDate)}</Text>
          </Group>
          {sheet.location && <LocationLine location={sheet.location} size="sm" withMap={false} />}
          <FillLine sheet={sheet} />
          <Group gap="xs">
            <Button
              component={Link}
              to={`/signup-sheet/${sheet.id}/roster`}
              variant="light"
              size="xs"
              leftSection={<UsersIcon />}
              aria-label={i18n._('Roster of {title}', { title: sheet.title })}
            >
              {i18n._('Roster')}
            </Button>
            <Button
              component={Link}
              to={`/signup-sheet/${sheet.id}`}
              variant="light"
              size="xs"
              leftSection={<GlobeIcon />}
              aria-label={i18n._('Public link of {title}', { title: sheet.title })}
            >
              {i18n._('Public link')}
            </Button>
            <CopyLinkButton sheet={sheet} />
          </Group>
          <Group gap={4} role="group" aria-label={i18n._('Tools for {title}', { title: sheet.title })}>
            {onEdit && (
              <Tool
                label={i18n._('Edit sheet {title}', { title: sheet.title })}
                hint={i18n._('Edit signup sheet')}
                onClick={onEdit}
              >
                <EditIcon />
              </Tool>
            )}
            {onDuplicate && (
              <Tool
                label={i18n._('Duplicate {title}', { title: sheet.title })}
                hint={i18n._('Duplicate signup sheet')}
                onClick={onDuplicate}
              >
                <DuplicateIcon />
              </Tool>
            )}
            <ExportCsvTool sheet={sheet} />
            <MessageVolunteersButton sheet={sheet} />
            <Tool
              label={i18n._('Delete {title}', { title: sheet.title })}
              hint={i18n._('Delete signup sheet')}
              color="red"
              onClick={onDelete}
            >
              <TrashIcon />
            </Tool>
          </Group>
          {needsSlots ? (
            <Text size="sm" c={justCreated ? 'blue.8' : 'dimmed'} fw={justCreated ? 500 : undefined}>
              {justCreated
                ? i18n._('Next: add the volunteer slots people sign up for.')
                : i18n._('No volunteer slots yet.')}
            </Text>
          ) : (
            slotsShown && (
              <Stack
                gap={4}
                component="ul"
                m={0}
                p={0}
                style={{ listStyle: 'none' }}
                aria-label={i18n._('Slots of {title}', { title: sheet.title })}
              >
                {sortSlots(sheet.slots).map((slot) => {
                  const time = dates.formatTimeRange(slot.startTime, slot.endTime);
                  return (
                    <Group key={slot.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
                      <div style={{ minWidth: 0 }}>
                        <Text size="sm" fw={500}>
                          {slot.title}
                          {slot.kind === 'item' && (
                            <Badge component="span" size="xs" variant="light" color="grape" ms={6}>
                              {i18n._('Item', undefined, { comment: 'Badge on a slot where people bring something' })}
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
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} me={4}>
                          {slot.currentVolunteers} / {slot.maxVolunteers}
                        </Text>
                        <Tool
                          label={i18n._('Edit {title}', { title: slot.title })}
                          hint={i18n._('Edit volunteer slot')}
                          onClick={() => onEditSlot(slot)}
                        >
                          <EditIcon />
                        </Tool>
                        <Tool
                          label={i18n._('Delete {title}', { title: slot.title })}
                          hint={i18n._('Delete volunteer slot')}
                          color="red"
                          onClick={() => onDeleteSlot(slot)}
                        >
                          <TrashIcon />
                        </Tool>
                      </Group>
                    </Group>
                  );
                })}
              </Stack>
            )
          )}
        </Stack>
      </Card>
      <Button
        variant={needsSlots ? 'filled' : 'light'}
        fullWidth
        leftSection={<PlusIcon />}
        onClick={onAddSlot}
        aria-label={i18n._('Add Volunteer Slot to {title}', { title: sheet.title })}
      >
        {i18n._('Add Volunteer Slot')}
      </Button>
    </Stack>
  );
}

export interface ManageSheetsProps {
  /** Opens the Create New Signup Sheet dialog (the empty state's button). */
  onCreateSheet: () => void;
  /**
   * A sheet just created on the dashboard: once the list holds it, its card is scrolled into view,
   * its heading focused, the card highlighted, and adding its slots made the next step.
   */
  createdSheetId?: number | null;
  /**
   * When the dialogs' code (Mantine's Modal, the forms and their schemas) loads: once the cards are
   * on screen (the default, for an organizer's dashboard, whose first screen they are), or when one
   * is first opened (the administrator's Overview, where they are far below the first screen, and
   * whose load then carries no form library).
   */
  dialogsLoad?: 'afterPaint' | 'onOpen';
}

/** How many cards the list's first frame holds: more than a phone's first screen shows. */
const firstFrameCards = 2;

/**
 * The cards, upcoming sheets soonest first and then the past ones. The first frame leaves out the
 * slot lists (most of a card's parts, and below the first card's fold on a phone) and the cards past
 * the first two, which follow at once in a render that does not hold that frame back.
 */
function SheetList({
  sheets,
  card,
  createdSheetId,
}: {
  sheets: readonly SheetListItem[];
  card: (sheet: SheetListItem, now: Date, slotsShown: boolean) => ReactNode;
  createdSheetId: number | null;
}) {
  const { i18n } = useLingui();
  // false in the first render, true in the background render React does right after it.
  const whole = useDeferredValue(true, false);
  useBringIntoView(createdSheetId, sheets, whole);
  const now = new Date();
  const all = orderSheetsForManagement(sheets, now);
  const ordered = whole ? all : all.slice(0, firstFrameCards);
  const upcoming = ordered.filter((sheet) => !eventHasPassed(sheet.eventDate, now));
  const past = ordered.filter((sheet) => eventHasPassed(sheet.eventDate, now));
  return (
    <Stack gap="lg">
      {upcoming.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {upcoming.map((sheet) => card(sheet, now, whole))}
        </SimpleGrid>
      )}
      {past.length > 0 && (
        <>
          <Text size="sm" fw={600} c="dimmed">
            {i18n._('Past sheets')}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            {past.map((sheet) => card(sheet, now, whole))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/**
 * Brings the card of the sheet just created into view and focus, and makes it glow for a moment,
 * once per sheet: as soon as its heading is on screen (looked for again whenever the list or the
 * cards it shows change).
 */
function useBringIntoView(createdSheetId: number | null, sheets: readonly SheetListItem[], slotsShown: boolean) {
  const broughtIntoView = useRef<number | null>(null);
  useEffect(() => {
    if (createdSheetId === null || broughtIntoView.current === createdSheetId) return;
    const heading = document.getElementById(sheetHeadingId(createdSheetId));
    if (!heading) return;
    broughtIntoView.current = createdSheetId;
    const card = heading.closest('article') ?? heading;
    const still = reducedMotion();
    card.scrollIntoView({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    heading.focus({ preventScroll: true });
    // A ring that glows and fades, so that the eye finds the card too (its border stays blue).
    if (!still && 'animate' in card)
      card.animate(
        [
          { boxShadow: '0 0 0 4px var(--mantine-color-blue-3)', offset: 0 },
          { boxShadow: '0 0 0 4px var(--mantine-color-blue-3)', offset: 0.4 },
          { boxShadow: '0 0 0 0 transparent', offset: 1 },
        ],
        { duration: 2400, easing: 'ease-out' },
      );
  }, [createdSheetId, sheets, slotsShown]);
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * 'Manage Signup Sheets': the caller's sheets (every sheet for an administrator), upcoming ones
 * soonest first and then past ones, one column on a phone and two from a tablet up, each card with
 * its fill, roster, public link and tools. The dialogs load once the cards show, or when one is
 * first opened (`dialogsLoad`).
 */
export function ManageSheets({ onCreateSheet, createdSheetId = null, dialogsLoad = 'afterPaint' }: ManageSheetsProps) {
  const { i18n } = useLingui();
  // The organizer tier: an organizer's own sheets, every sheet for an administrator. The cards'
  // only query, so that nothing else holds the first card back.
  const sheets = trpc.sheets.managed.useQuery();
  const refresh = useRefreshDashboard();
  // The subject stays after closing so that a dialog's content does not vanish mid-transition.
  const [dialog, setDialogState] = useState<ManageSheetsDialog | null>(null);
  const [opened, setOpened] = useState(false);
  const openDialog = (next: ManageSheetsDialog) => {
    setDialogState(next);
    setOpened(true);
  };
  const slotDialogs = useSlotDialogs();

  const listed = createdSheetId !== null && sheets.data?.some((sheet) => sheet.id === createdSheetId) === true;

  const card = (sheet: SheetListItem, now: Date, slotsShown: boolean) => (
    <ManagedSheetCard
      key={sheet.id}
      sheet={sheet}
      past={eventHasPassed(sheet.eventDate, now)}
      justCreated={listed && sheet.id === createdSheetId}
      slotsShown={slotsShown}
      onDelete={() => openDialog({ kind: 'deleteSheet', sheet })}
      onEdit={() => openDialog({ kind: 'editSheet', sheet })}
      onDuplicate={() => openDialog({ kind: 'duplicateSheet', sheet })}
      onAddSlot={() => openDialog({ kind: 'addSlot', sheet })}
      onEditSlot={(slot) => slotDialogs.edit(slot, sheet.eventDate)}
      onDeleteSlot={slotDialogs.confirmDelete}
    />
  );

  /** The dialogs, the sheet's and the slots' shown open only where `shown` allows (see OnceOpened). */
  const dialogs = (shown: boolean) => (
    <ManageSheetsDialogs
      dialog={dialog}
      opened={opened && shown}
      onClose={() => setOpened(false)}
      slotDialogs={{ ...slotDialogs, opened: slotDialogs.opened && shown }}
      onSettled={refresh}
    />
  );

  const body = (
    <QueryState
      query={sheets}
      loading={
        <SheetCardSkeletons
          count={manageSkeletonCards}
          cols={{ base: 1, md: 2 }}
          label={i18n._('Loading signup sheets')}
          testId="sheet-skeleton"
        />
      }
      failed={i18n._('Could not load signup sheets')}
      empty={
        <Card withBorder padding="xl" ta="center">
          <Stack align="center" gap="sm">
            <Title order={3} size="h4">
              {i18n._('No Signup Sheets Yet')}
            </Title>
            {/* SPEC.md's title; the sentence says it to the organizer without repeating it word for word. */}
            <Text c="dimmed">
              {i18n._("You haven't made any signup sheets yet. Create one to start collecting volunteers.")}
            </Text>
            <Button onClick={onCreateSheet}>{i18n._('Create First Signup Sheet')}</Button>
          </Stack>
        </Card>
      }
    >
      {(managed) => <SheetList sheets={managed} card={card} createdSheetId={listed ? createdSheetId : null} />}
    </QueryState>
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="manage-sheets-title">
      <Title order={2} size="h3" id="manage-sheets-title">
        {i18n._('Manage Signup Sheets')}
      </Title>
      {body}
      {sheets.data !== undefined &&
        (dialogsLoad === 'afterPaint' ? (
          <AfterPaint>
            <Suspense fallback={null}>{dialogs(true)}</Suspense>
          </AfterPaint>
        ) : (
          <OnceOpened open={opened || slotDialogs.opened}>{dialogs}</OnceOpened>
        ))}
    </Stack>
  );
}
