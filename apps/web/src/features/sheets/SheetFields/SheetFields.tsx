import { useLingui } from '@lingui/react';
import { NativeSelect, NumberInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { OrganizerNotification, Question } from '@pac/validators';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/dates';
import {
  questionErrors,
  type QuestionFormValue,
  questionFormValues,
  questionInputs,
  QuestionsEditor,
} from '../QuestionsEditor';

/** A sheet's fields as the create and edit forms hold them (the date as a datetime-local value). */
export interface SheetFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  eventDate: string;
  /** '' for none. */
  location: string;
  organizerName: string;
  organizerEmail: string;
  /** '' for no limit (an emptied number field). */
  maxSlotsPerPerson: number | string;
  questions: QuestionFormValue[];
  /** What the organizer hears of signups ('each' for a new sheet, the server's default). */
  notifyOrganizer: OrganizerNotification;
  /**
   * Whether the form was given the sheet's own setting: if not (a new sheet, or a caller that does
   * not know it), the setting is sent only once chosen, so that saving never resets a sheet's choice.
   */
  notifyOrganizerKnown: boolean;
}

/**
 * 'Email me about signups': each choice in the product's words, in the select's order (catalog
 * messages: shown as `i18n._(option.label)`).
 */
export const notifyOrganizerOptions: readonly { value: OrganizerNotification; label: string }[] = [
  { value: 'each', label: /*i18n*/ 'For each signup, cancellation and change' },
  { value: 'daily', label: /*i18n*/ 'A daily summary at 7:00 AM' },
  { value: 'off', label: /*i18n*/ 'Never' },
];

/** The form's values for an existing sheet, or for a new one on `eventDate` with `organizer` prefilled. */
export function sheetFormValues(sheet: {
  title?: string;
  description?: string | null;
  eventDate: Date;
  location?: string | null;
  organizerName?: string;
  organizerEmail?: string;
  maxSlotsPerPerson?: number | null;
  questions?: readonly Question[];
  notifyOrganizer?: OrganizerNotification;
}): SheetFormValues {
  return {
    title: sheet.title ?? '',
    description: sheet.description ?? '',
    eventDate: toDateTimeLocal(sheet.eventDate),
    location: sheet.location ?? '',
    organizerName: sheet.organizerName ?? '',
    organizerEmail: sheet.organizerEmail ?? '',
    maxSlotsPerPerson: sheet.maxSlotsPerPerson ?? '',
    questions: questionFormValues(sheet.questions),
    notifyOrganizer: sheet.notifyOrganizer ?? 'each',
    notifyOrganizerKnown: sheet.notifyOrganizer !== undefined,
  };
}

/**
 * What the shared sheet schema parses: the form's values with the date as a Date, no limit as
 * null and the questions as the schema takes them, and the notification setting when the form knew
 * the sheet's own or another than the default was chosen.
 */
export function sheetFormInput(values: SheetFormValues): Record<string, unknown> {
  const { notifyOrganizerKnown, notifyOrganizer, ...fields } = values;
  const chosen = notifyOrganizerKnown || notifyOrganizer !== 'each';
  return {
    ...fields,
    eventDate: fromDateTimeLocal(values.eventDate),
    maxSlotsPerPerson: values.maxSlotsPerPerson === '' ? null : values.maxSlotsPerPerson,
    questions: questionInputs(values.questions),
    ...(chosen ? { notifyOrganizer } : {}),
  };
}

/**
 * The shared schema's messages on each question's own fields (the sheet schema names only
 * `questions`): pass as `useSchemaForm`'s `check`.
 */
export function sheetFormCheck(values: SheetFormValues): Record<string, string> {
  return questionErrors(values.questions);
}

export interface SheetFieldsProps<Values extends SheetFormValues> {
  form: UseFormReturnType<Values>;
}

/**
 * The fields of a signup sheet, shared by 'Create New Signup Sheet' and 'Edit Signup Sheet': title,
 * description, event date, location, organizer name and email, which emails the organizer gets about
 * signups, how many slots one person may take, and the questions for volunteers. The title takes the
 * dialog's first focus.
 */
export function SheetFields<Values extends SheetFormValues>({ form }: SheetFieldsProps<Values>) {
  const { i18n } = useLingui();
  return (
    <>
      <TextInput label={i18n._('Event Title')} required data-autofocus {...form.getInputProps('title')} />
      <Textarea label={i18n._('Description')} autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
      <TextInput
        label={i18n._('Event Date')}
        type="datetime-local"
        step={60}
        required
        {...form.getInputProps('eventDate')}
      />
      <TextInput
        label={i18n._('Location')}
        description={i18n._('Where it happens: a room, a place or an address.')}
        placeholder={i18n._('Gym, 123 Main St')}
        maxLength={200}
        {...form.getInputProps('location')}
      />
      <TextInput label={i18n._('Organizer Name')} required {...form.getInputProps('organizerName')} />
      <TextInput label={i18n._('Organizer Email')} type="email" required {...form.getInputProps('organizerEmail')} />
      {/* A native select: a phone shows its own picker, and it needs no popover. */}
      <NativeSelect
        label={i18n._('Email me about signups')}
        description={i18n._('Sent to the organizer email.')}
        data={notifyOrganizerOptions.map((option) => ({ value: option.value, label: i18n._(option.label) }))}
        {...form.getInputProps('notifyOrganizer')}
      />
      <NumberInput
        label={i18n._('Slots per person')}
        description={i18n._('The most slots one person can sign up for on this sheet. Leave empty for no limit.')}
        placeholder={i18n._('No limit')}
        min={1}
        max={1000}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('maxSlotsPerPerson')}
      />
      <QuestionsEditor form={form} />
    </>
  );
}
