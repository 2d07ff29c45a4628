import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { ActionIcon, Button, Group, Modal, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import type { RouterInputs } from '@pac/api';
import { maxSeriesDates, sheetDuplicateSeriesSchema, sheetSeriesMessages } from '@pac/validators';
import { defaultLanguage } from '@pac/validators/page-data';
import { useState } from 'react';
import { PlusIcon, TrashIcon } from '../../../components/Icons';
import { FormActions } from '../../../components/FormActions';
import { addSchoolDays, fromDateTimeLocal, toDateTimeLocal } from '../../../lib/dates';
import { useDates } from '../../../lib/language';
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

/** '1 day, 2 hours' (English's own; another language joins amounts as Intl's list format does). */
function amountList(i18n: I18n, parts: readonly string[]): string {
  if (i18n.locale === defaultLanguage) return parts.join(', ');
  return new Intl.ListFormat(i18n.locale, { type: 'unit', style: 'long' }).format(parts);
}

/**
 * How far the slots move, in words: '7 days later', '1 day, 2 hours earlier', 'not at all' (to
 * the minute; the server shifts by the exact offset).
 */
export function describeShift(i18n: I18n, ms: number): string {
  const minutes = Math.round(Math.abs(ms) / 60_000);
  if (minutes === 0) return i18n._('not at all', undefined, { comment: 'How far the slots move: not at all' });
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? i18n._('{count, plural, one {# day} other {# days}}', { count: days }) : null,
    hours > 0 ? i18n._('{count, plural, one {# hour} other {# hours}}', { count: hours }) : null,
    rest > 0 ? i18n._('{count, plural, one {# minute} other {# minutes}}', { count: rest }) : null,
  ].filter((p) => p !== null);
  const amount = amountList(i18n, parts);
  return ms > 0
    ? i18n._('{amount} later', { amount }, { comment: 'How far the slots move: "1 day, 2 hours later"' })
    : i18n._('{amount} earlier', { amount }, { comment: 'How far the slots move: "1 day, 2 hours earlier"' });
}

/** How a series repeats: the step between one copy's date and the next, on the school's clock. */
export type RepeatEvery = 'week' | 'twoWeeks' | 'month';

/** Catalog messages, shown through i18n._. */
const repeatOptions: { value: RepeatEvery; label: string }[] = [
  { value: 'week', label: /*i18n*/ 'Weekly' },
  { value: 'twoWeeks', label: /*i18n*/ 'Every 2 weeks' },
  { value: 'month', label: /*i18n*/ 'Monthly' },
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

/**
 * A row's own problem (empty, not a date, chosen twice), keyed 'eventDates.N' for its input: catalog
 * messages, which the form shows in the page's language.
 */
function rowErrors(values: DuplicateValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<number>();
  values.eventDates.forEach((value, i) => {
    const date = fromDateTimeLocal(value);
    if (value.trim() === '') errors[`eventDates.${i}`] = /*i18n*/ 'Event date is required';
    else if (!date) errors[`eventDates.${i}`] = /*i18n*/ 'Must be a valid date';
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
  const { i18n } = useLingui();
  const formats = useDates();
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
          {i18n._(
            'Makes a new signup sheet like “{title}” (on {date}) with {count, plural, =0 {no volunteer slots} one {# volunteer slot} other {# volunteer slots}} and no volunteers, once for each date below. You will own the copies.',
            { title: sheet.title, date: formats.formatDateTime(sheet.eventDate), count: slotCount },
          )}
        </Text>
        <Stack gap="xs" role="group" aria-label={i18n._('Dates of the new sheets')}>
          {dates.map((_, i) => (
            <Group key={i} gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                label={i === 0 ? i18n._('New Event Date') : i18n._('Event Date {number}', { number: i + 1 })}
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
                  aria-label={i18n._('Remove date {number}', { number: i + 1 })}
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
          {i18n._('Add another date')}
        </Button>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            label={i18n._('Repeat', undefined, { comment: 'How often the copies of a sheet repeat' })}
            data={repeatOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
            value={every}
            onChange={(event) => setEvery(event.currentTarget.value as RepeatEvery)}
            style={{ flex: '1 1 8rem' }}
          />
          <NumberInput
            label={i18n._('Copies', undefined, { comment: 'How many copies of the sheet to make' })}
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
            {i18n._('Fill dates')}
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          {i18n._('Fill dates starts from the first date and replaces the list.')}
        </Text>
        {listError && (
          <Text size="sm" c="red" role="alert">
            {listError}
          </Text>
        )}
        <div aria-live="polite">
          <Text size="sm" fw={500}>
            {i18n._('{count, plural, one {Creates # copy} other {Creates # copies}}', { count: copies })}
          </Text>
          {first && slotCount > 0 && (
            <Text size="sm" c="dimmed">
              {copies === 1
                ? i18n._('Each slot moves by the same amount: {shift}.', {
                    shift: describeShift(i18n, first.getTime() - sheet.eventDate.getTime()),
                  })
                : i18n._('Each copy’s slots move with its date, by the same amount as its event date.')}
            </Text>
          )}
        </div>
        <FormActions
          submitLabel={i18n._('Duplicate Sheet')}
          pendingLabel={i18n._('Duplicating...')}
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
  const { i18n } = useLingui();
  const formats = useDates();
  const refresh = useRefreshDashboard();
  const onError = (error: Parameters<typeof notifyFailure>[1]) =>
    notifyFailure(i18n._('Duplicate Failed'), error, i18n._('Failed to duplicate the signup sheet. Please try again.'));
  const duplicate = trpc.sheets.duplicate.useMutation({
    onSuccess: (copy) => {
      onClose();
      notifySuccess(
        i18n._('Signup Sheet Duplicated'),
        i18n._('"{title}" on {date} is ready.', { title: copy.title, date: formats.formatDateTime(copy.eventDate) }),
      );
    },
    onError,
    onSettled: refresh,
  });
  const series = trpc.sheets.duplicateSeries.useMutation({
    onSuccess: (copies) => {
      onClose();
      const [firstCopy] = copies;
      notifySuccess(
        i18n._('Signup Sheets Duplicated'),
        firstCopy
          ? i18n._('{count, plural, one {Created # copy of "{title}".} other {Created # copies of "{title}".}}', {
              count: copies.length,
              title: firstCopy.title,
            })
          : i18n._('{count, plural, one {Created # copy.} other {Created # copies.}}', { count: copies.length }),
      );
    },
    onError,
    onSettled: refresh,
  });

  return (
    <Modal opened={opened} onClose={onClose} title={i18n._('Duplicate Signup Sheet')} size="md">
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
