import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Alert, Checkbox, Modal, Select, Skeleton, Stack } from '@mantine/core';
import type { RouterInputs, RouterOutputs } from '@pac/api';
import { type OrganizerNotification, type Question, sheetCreateSchema } from '@pac/validators';
import { FormActions } from '../../../components/FormActions';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { useCurrentUser } from '../../../lib/session/useCurrentUser';
import { trpc } from '../../../trpc';
import { useRefreshDashboard } from '../dashboard';
import { describeShift } from '../DuplicateSheetDialog';
import { SheetFields, sheetFormCheck, sheetFormInput, type SheetFormValues, sheetFormValues } from '../SheetFields';

/** The sheet fields the dialog edits (any sheet answer has them). */
export interface EditableSheet {
  id: number;
  title: string;
  description: string | null;
  eventDate: Date;
  organizerName: string;
  organizerEmail: string;
  ownerId: number | null;
  /** null: no limit. */
  maxSlotsPerPerson: number | null;
  /** Its questions, edited in place (their ids sent back, so that answers stay attached). */
  questions: readonly Question[];
  /** What its organizer hears of signups ('Email me about signups'). */
  notifyOrganizer?: OrganizerNotification;
  /** Its slots' times, when known: a new date moves them (the dialog says how many, and how far). */
  slots?: readonly { startTime: Date | null; endTime: Date | null }[];
}

export type SheetUpdate = RouterInputs['sheets']['update'];
type Person = RouterOutputs['users']['list'][number];

/** Who may run a sheet: organizers and administrators, as 'Name (email)'. */
export function ownerOptions(i18n: I18n, people: readonly Person[]): { value: string; label: string }[] {
  return people
    .filter((p) => p.role === 'organizer' || p.role === 'admin')
    .map((p) => ({
      value: String(p.id),
      label:
        p.role === 'admin'
          ? i18n._('{name} ({email}) · admin', { name: p.name, email: p.email })
          : i18n._('{name} ({email})', { name: p.name, email: p.email }),
    }));
}

interface EditFormValues extends SheetFormValues {
  /** The owner's id as the Select holds it; '' for a sheet nobody owns. */
  ownerId: string;
  /** A new event date moves the slots with it (the server's default), unless unticked. */
  moveSlots: boolean;
}

/**
 * What a new event date does to the slots, in words: '3 slots will move 7 days later.', or, when
 * they stay, 'The 3 slots keep their times.' Only slots with a time move (an untimed slot happens
 * on the event date, whatever it is).
 */
export function slotMoveMessage(i18n: I18n, timedSlots: number, offsetMs: number, moving: boolean): string {
  if (!moving) {
    return i18n._('{count, plural, one {The slot keeps its time.} other {The # slots keep their times.}}', {
      count: timedSlots,
    });
  }
  return i18n._('{count, plural, one {# slot will move {shift}.} other {# slots will move {shift}.}}', {
    count: timedSlots,
    shift: describeShift(i18n, offsetMs),
  });
}

export interface SheetEditFormProps {
  sheet: EditableSheet;
  /** Administrators also choose the owner; null hides the Owner select (organizers). */
  owners: { value: string; label: string }[] | null;
  onSubmit: (update: SheetUpdate) => void;
  onCancel: () => void;
  submitting?: boolean;
}

/**
 * The 'Edit Signup Sheet' form: the create form's fields filled with the sheet's values, and for
 * administrators the Owner. It hands over only a changed owner (organizers cannot send one). A new
 * event date moves the sheet's timed slots by the same amount unless unticked: the form says how
 * many and how far, and sends `moveSlots`.
 */
export function SheetEditForm({ sheet, owners, onSubmit, onCancel, submitting = false }: SheetEditFormProps) {
  const { i18n } = useLingui();
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: {
      ...sheetFormValues(sheet),
      ownerId: sheet.ownerId === null ? '' : String(sheet.ownerId),
      moveSlots: true,
    },
    schema: sheetCreateSchema,
    toInput: (values: EditFormValues) => sheetFormInput(values),
    check: sheetFormCheck,
  });
  // The field holds the date to the minute: an untouched field is the sheet's own date, seconds and
  // all, so that saving other fields never moves the sheet (or its slots) by a few seconds.
  const originalDate = sheetFormValues(sheet).eventDate;
  const chosen = sheetFormInput(form.values).eventDate;
  const newDate = form.values.eventDate !== originalDate && chosen instanceof Date ? chosen : null;
  const timedSlots = (sheet.slots ?? []).filter((slot) => slot.startTime !== null || slot.endTime !== null).length;
  const offset = newDate === null ? 0 : newDate.getTime() - sheet.eventDate.getTime();

  return (
    <form
      onSubmit={handleSubmit((parsed, values) => {
        const ownerId = values.ownerId === '' ? null : Number(values.ownerId);
        const handOver = owners !== null && ownerId !== null && ownerId !== sheet.ownerId;
        const date = newDate === null ? { eventDate: sheet.eventDate } : { moveSlots: values.moveSlots };
        onSubmit({ id: sheet.id, ...parsed, ...date, ...(handOver ? { ownerId } : {}) });
      })}
      noValidate
    >
      <Stack gap="sm">
        <SheetFields form={form} />
        {newDate !== null && timedSlots > 0 && (
          <Checkbox
            label={i18n._('Move the volunteer slots with the event date')}
            description={
              <span aria-live="polite">{slotMoveMessage(i18n, timedSlots, offset, form.values.moveSlots)}</span>
            }
            {...form.getInputProps('moveSlots', { type: 'checkbox' })}
          />
        )}
        {owners !== null && (
          <Select
            label={i18n._('Owner')}
            description={i18n._('The organizer who runs this sheet (administrators run every sheet)')}
            placeholder={i18n._('Nobody: administrators only')}
            data={owners}
            searchable
            allowDeselect={false}
            nothingFoundMessage={i18n._('No organizer by that name')}
            {...form.getInputProps('ownerId')}
          />
        )}
        <FormActions
          submitLabel={i18n._('Save Changes')}
          pendingLabel={i18n._('Saving...')}
          submitting={submitting}
          reset={reset}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function EditSheetBody({ sheet, onClose }: { sheet: EditableSheet; onClose: () => void }) {
  const { i18n } = useLingui();
  const refresh = useRefreshDashboard();
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  // The list of people is for administrators only: organizers never ask for it.
  const people = trpc.users.list.useQuery(undefined, { enabled: isAdmin });
  const update = trpc.sheets.update.useMutation({
    onSuccess: (saved) => {
      onClose();
      notifySuccess(i18n._('Signup Sheet Updated'), i18n._('"{title}" has been saved.', { title: saved.title }));
    },
    onError: (error) =>
      notifyFailure(i18n._('Update Failed'), error, i18n._('Failed to update the signup sheet. Please try again.')),
    onSettled: refresh,
  });

  if (isAdmin && people.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={i18n._("Loading the sheet's owners")}>
        <Skeleton height={36} />
        <Skeleton height={80} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {isAdmin && people.isError && (
        <Alert color="yellow" title={i18n._('Could not load organizers')}>
          {i18n._('The owner cannot be changed right now; the other fields can.')}
        </Alert>
      )}
      <SheetEditForm
        sheet={sheet}
        owners={isAdmin && people.data ? ownerOptions(i18n, people.data) : null}
        submitting={update.isPending}
        onCancel={onClose}
        onSubmit={(values) => update.mutate(values)}
      />
    </Stack>
  );
}

export interface EditSheetDialogProps {
  opened: boolean;
  /** The sheet being edited (kept while the dialog closes, so its content does not vanish). */
  sheet: EditableSheet | null;
  onClose: () => void;
}

/** The 'Edit Signup Sheet' dialog: saves the sheet's fields (and, for administrators, its owner). */
export function EditSheetDialog({ opened, sheet, onClose }: EditSheetDialogProps) {
  const { i18n } = useLingui();
  return (
    <Modal opened={opened} onClose={onClose} title={i18n._('Edit Signup Sheet')} size="lg">
      {sheet && <EditSheetBody key={sheet.id} sheet={sheet} onClose={onClose} />}
    </Modal>
  );
}
