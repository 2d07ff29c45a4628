import { Modal, Stack, Text, TextInput } from '@mantine/core';
import type { RouterInputs } from '@pac/api';
import { sheetDuplicateSchema } from '@pac/validators';
import { FormActions } from '../../../components/FormActions';
import { addSchoolDays, formatDateTime, fromDateTimeLocal, toDateTimeLocal } from '../../../lib/dates';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { trpc } from '../../../trpc';
import { useRefreshDashboard } from '../dashboard';

/** What the dialog needs of the sheet it copies. */
export interface DuplicableSheet {
  id: number;
  title: string;
  eventDate: Date;
  slots: readonly unknown[];
}

export type SheetDuplicate = RouterInputs['sheets']['duplicate'];

/** The copy's date the dialog suggests: the same time on the school's clock one week after the original (across a DST change too). */
export function defaultDuplicateDate(eventDate: Date): Date {
  return addSchoolDays(eventDate, 7);
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * How far the slots move, in words: '7 days later', '1 day, 2 hours earlier', 'not at all' (to
 * the minute; the server shifts by the exact offset).
 */
export function describeShift(ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes === 0) return 'not at all';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? unit(days, 'day') : null,
    hours > 0 ? unit(hours, 'hour') : null,
    rest > 0 ? unit(rest, 'minute') : null,
  ].filter((p) => p !== null);
  return `${parts.join(', ')} ${ms > 0 ? 'later' : 'earlier'}`;
}

export interface SheetDuplicateFormProps {
  sheet: DuplicableSheet;
  onSubmit: (input: SheetDuplicate) => void;
  onCancel: () => void;
  submitting?: boolean;
}

/** Asks for the copy's event date; says what is copied and how far the slots move. */
export function SheetDuplicateForm({ sheet, onSubmit, onCancel, submitting = false }: SheetDuplicateFormProps) {
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: { eventDate: toDateTimeLocal(defaultDuplicateDate(sheet.eventDate)) },
    schema: sheetDuplicateSchema,
    toInput: (values: { eventDate: string }) => ({ id: sheet.id, eventDate: fromDateTimeLocal(values.eventDate) }),
  });
  const chosen = fromDateTimeLocal(form.values.eventDate);
  const slotCount = sheet.slots.length;

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Makes a new signup sheet like “{sheet.title}” (on {formatDateTime(sheet.eventDate)}) with{' '}
          {slotCount === 0 ? 'no volunteer slots' : unit(slotCount, 'volunteer slot')} and no volunteers. You will own
          the copy.
        </Text>
        <TextInput
          label="New Event Date"
          type="datetime-local"
          step={60}
          required
          data-autofocus
          {...form.getInputProps('eventDate')}
        />
        {chosen && slotCount > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            Each slot moves by the same amount: {describeShift(chosen.getTime() - sheet.eventDate.getTime())}.
          </Text>
        )}
        <FormActions
          submitLabel="Duplicate Sheet"
          pendingLabel="Duplicating..."
          submitting={submitting}
          reset={reset}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

export interface DuplicateSheetDialogProps {
  opened: boolean;
  /** The sheet to copy (kept while the dialog closes, so its content does not vanish). */
  sheet: DuplicableSheet | null;
  onClose: () => void;
}

/** The 'Duplicate Signup Sheet' dialog: copies the sheet to a new date, then refreshes the dashboard. */
export function DuplicateSheetDialog({ opened, sheet, onClose }: DuplicateSheetDialogProps) {
  const refresh = useRefreshDashboard();
  const duplicate = trpc.sheets.duplicate.useMutation({
    onSuccess: (copy) => {
      onClose();
      notifySuccess('Signup Sheet Duplicated', `"${copy.title}" on ${formatDateTime(copy.eventDate)} is ready.`);
    },
    onError: (error) =>
      notifyFailure('Duplicate Failed', error, 'Failed to duplicate the signup sheet. Please try again.'),
    onSettled: refresh,
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Duplicate Signup Sheet" size="md">
      {sheet && (
        <SheetDuplicateForm
          key={sheet.id}
          sheet={sheet}
          submitting={duplicate.isPending}
          onCancel={onClose}
          onSubmit={(input) => duplicate.mutate(input)}
        />
      )}
    </Modal>
  );
}
