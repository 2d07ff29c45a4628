import { ActionIcon, Button, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { RouterInputs } from '@pac/api';
import { maxSeriesDates, sheetDuplicateSeriesSchema, sheetSeriesMessages } from '@pac/validators';
import { useState } from 'react';
import { PlusIcon, TrashIcon } from '../../../components/Icons';
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
export type SheetDuplicateSeries = RouterInputs['sheets']['duplicateSeries'];

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

/** How a series repeats: the step between one copy's date and the next, on the school's clock. */
export type RepeatEvery = 'week' | 'twoWeeks' | 'month';

const repeatOptions: { value: RepeatEvery; label: string }[] = [
  { value: 'week', label: 'Weekly' },
  { value: 'twoWeeks', label: 'Every 2 weeks' },
  { value: 'month', label: 'Monthly' },
];

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * `count` datetime-local values from `first`, each `every` after the one before, the same wall
 * time on the school's clock (monthly: the same day of the month, or the month's last day when it
 * is shorter). An empty or invalid `first` gives [].
 */
export function repeatDates(first: string, every: RepeatEvery, count: number): string[] {
  const start = fromDateTimeLocal(first);
  if (!start) return [];
  const wall = toDateTimeLocal(start);
  return Array.from({ length: count }, (_, i) => {
    if (every !== 'month') return toDateTimeLocal(addSchoolDays(start, i * (every === 'week' ? 7 : 14)));
    const year = Number(wall.slice(0, 4));
    const month = Number(wall.slice(5, 7)) - 1 + i;
    const y = year + Math.floor(month / 12);
    const m = (month % 12) + 1;
    const d = Math.min(Number(wall.slice(8, 10)), daysInMonth(y, m));
    return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}${wall.slice(10)}`;
  });
}

/** One duplicate, or a series: what the dialog hands over. */
export type SheetDuplicateRequest =
  { kind: 'one'; input: SheetDuplicate } | { kind: 'series'; input: SheetDuplicateSeries };

export interface SheetDuplicateFormProps {
  sheet: DuplicableSheet;
  onSubmit: (request: SheetDuplicateRequest) => void;
  onCancel: () => void;
  submitting?: boolean;
}

interface DuplicateValues extends Record<string, unknown> {
  eventDates: string[];
}

/** A row's own problem (empty, not a date, chosen twice), keyed 'eventDates.N' for its input. */
function rowErrors(values: DuplicateValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  values.eventDates.forEach((value, i) => {
    const date = fromDateTimeLocal(value);
    if (value.trim() === '') errors[`eventDates.${i}`] = 'Event date is required';
    else if (!date) errors[`eventDates.${i}`] = 'Must be a valid date';
    else if (seen.has(date.getTime())) errors[`eventDates.${i}`] = sheetSeriesMessages.repeatedDate;
    if (date) seen.add(date.getTime());
  });
  return errors;
}

/**
 * Asks for the copies' event dates (one, or several: rows added one by one, or filled by the
 * repeat helper); says what is copied, how far the slots move and how many copies it makes.
 */
export function SheetDuplicateForm({ sheet, onSubmit, onCancel, submitting = false }: SheetDuplicateFormProps) {
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: { eventDates: [toDateTimeLocal(defaultDuplicateDate(sheet.eventDate))] },
    schema: sheetDuplicateSeriesSchema,
    toInput: (values: DuplicateValues) => ({
      id: sheet.id,
      eventDates: values.eventDates.map((value) => fromDateTimeLocal(value) ?? value),
    }),
    check: rowErrors,
  });
  const [every, setEvery] = useState<RepeatEvery>('week');
  const [count, setCount] = useState<number | string>(4);
  const dates = form.values.eventDates;
  const first = fromDateTimeLocal(dates[0] ?? '');
  const slotCount = sheet.slots.length;
  const copies = dates.length;
  // A list-wide problem (too many dates) that no row shows.
  const rowError = dates.some((_, i) => form.errors[`eventDates.${i}`] !== undefined);
  const listError = rowError ? undefined : form.errors.eventDates;
  const repeatCount = typeof count === 'number' ? count : Number.NaN;
  const canRepeat =
    first !== null && Number.isInteger(repeatCount) && repeatCount >= 1 && repeatCount <= maxSeriesDates;

  const addDate = () => {
    const last = fromDateTimeLocal(dates[dates.length - 1] ?? '');
    form.insertListItem('eventDates', last ? toDateTimeLocal(addSchoolDays(last, 7)) : '');
  };

  return (
    <form
      onSubmit={handleSubmit((parsed) => {
        const [only] = parsed.eventDates;
        if (parsed.eventDates.length === 1 && only) onSubmit({ kind: 'one', input: { id: sheet.id, eventDate: only } });
        else onSubmit({ kind: 'series', input: { id: sheet.id, eventDates: parsed.eventDates } });
      })}
      noValidate
    >
      <Stack gap="sm">
        <Text size="sm">
          Makes a new signup sheet like “{sheet.title}” (on {formatDateTime(sheet.eventDate)}) with{' '}
          {slotCount === 0 ? 'no volunteer slots' : unit(slotCount, 'volunteer slot')} and no volunteers, once for each
          date below. You will own the copies.
        </Text>
        <Stack gap="xs" role="group" aria-label="Dates of the new sheets">
          {dates.map((_, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                label={i === 0 ? 'New Event Date' : `Event Date ${i + 1}`}
                type="datetime-local"
                step={60}
                required
                data-autofocus={i === 0 ? true : undefined}
                {...form.getInputProps(`eventDates.${i}`)}
              />
              {copies > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="lg"
                  mb={form.errors[`eventDates.${i}`] ? 22 : 0}
                  aria-label={`Remove date ${i + 1}`}
                  onClick={() => form.removeListItem('eventDates', i)}
                >
                  <TrashIcon size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
        <Button
          variant="light"
          leftSection={<PlusIcon size={16} />}
          onClick={addDate}
          disabled={copies >= maxSeriesDates}
          style={{ alignSelf: 'flex-start' }}
        >
          Add another date
        </Button>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label="Repeat"
            data={repeatOptions}
            value={every}
            onChange={(event) => setEvery(event.currentTarget.value as RepeatEvery)}
            style={{ flex: '1 1 8rem' }}
          />
          <NumberInput
            label="Copies"
            min={1}
            max={maxSeriesDates}
            allowDecimal={false}
            value={count}
            onChange={setCount}
            style={{ flex: '1 1 5rem' }}
          />
          <Button
            variant="default"
            disabled={!canRepeat}
            onClick={() => form.setFieldValue('eventDates', repeatDates(dates[0] ?? '', every, repeatCount))}
          >
            Fill dates
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Fill dates starts from the first date and replaces the list.
        </Text>
        {listError && (
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        )}
        <div aria-live="polite">
          <Text size="sm" fw={500}>
            {copies === 1 ? 'Creates 1 copy' : `Creates ${copies} copies`}
          </Text>
          {first && slotCount > 0 && (
            <Text size="sm" c="dimmed">
              {copies === 1
                ? `Each slot moves by the same amount: ${describeShift(first.getTime() - sheet.eventDate.getTime())}.`
                : 'Each copy’s slots move with its date, by the same amount as its event date.'}
            </Text>
          )}
        </div>
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

/**
 * The 'Duplicate Signup Sheet' dialog: copies the sheet to one new date (sheets.duplicate) or to a
 * series of dates (sheets.duplicateSeries, all or none), then refreshes the dashboard.
 */
export function DuplicateSheetDialog({ opened, sheet, onClose }: DuplicateSheetDialogProps) {
  const refresh = useRefreshDashboard();
  const onError = (error: Parameters<typeof notifyFailure>[1]) =>
    notifyFailure('Duplicate Failed', error, 'Failed to duplicate the signup sheet. Please try again.');
  const duplicate = trpc.sheets.duplicate.useMutation({
    onSuccess: (copy) => {
      onClose();
      notifySuccess('Signup Sheet Duplicated', `"${copy.title}" on ${formatDateTime(copy.eventDate)} is ready.`);
    },
    onError,
    onSettled: refresh,
  });
  const series = trpc.sheets.duplicateSeries.useMutation({
    onSuccess: (copies) => {
      onClose();
      const [firstCopy] = copies;
      notifySuccess(
        'Signup Sheets Duplicated',
        `Created ${copies.length === 1 ? '1 copy' : `${copies.length} copies`}${firstCopy ? ` of "${firstCopy.title}"` : ''}.`,
      );
    },
    onError,
    onSettled: refresh,
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Duplicate Signup Sheet" size="md">
      {sheet && (
        <SheetDuplicateForm
          key={sheet.id}
          sheet={sheet}
          submitting={duplicate.isPending || series.isPending}
          onCancel={onClose}
          onSubmit={(request) =>
            request.kind === 'one' ? duplicate.mutate(request.input) : series.mutate(request.input)
          }
        />
      )}
    </Modal>
  );
}
