import { Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { fromDateTimeLocal, toDateTimeLocal } from '../../../lib/dates';

/** A sheet's fields as the create and edit forms hold them (the date as a datetime-local value). */
export interface SheetFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  eventDate: string;
  organizerName: string;
  organizerEmail: string;
}

/** The form's values for an existing sheet, or for a new one on `eventDate` with `organizer` prefilled. */
export function sheetFormValues(sheet: {
  title?: string;
  description?: string | null;
  eventDate: Date;
  organizerName?: string;
  organizerEmail?: string;
}): SheetFormValues {
  return {
    title: sheet.title ?? '',
    description: sheet.description ?? '',
    eventDate: toDateTimeLocal(sheet.eventDate),
    organizerName: sheet.organizerName ?? '',
    organizerEmail: sheet.organizerEmail ?? '',
  };
}

/** What the shared sheet schema parses: the form's values with the date as a Date. */
export function sheetFormInput(values: SheetFormValues): Record<string, unknown> {
  return { ...values, eventDate: fromDateTimeLocal(values.eventDate) };
}

export interface SheetFieldsProps<Values extends SheetFormValues> {
  form: UseFormReturnType<Values>;
}

/**
 * The fields of a signup sheet, shared by 'Create New Signup Sheet' and 'Edit Signup Sheet': title,
 * description, event date, organizer name and email. The title takes the dialog's first focus.
 */
export function SheetFields<Values extends SheetFormValues>({ form }: SheetFieldsProps<Values>) {
  return (
    <>
      <TextInput label="Event Title" required data-autofocus {...form.getInputProps('title')} />
      <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
      <TextInput label="Event Date" type="datetime-local" step={60} required {...form.getInputProps('eventDate')} />
      <TextInput label="Organizer Name" required {...form.getInputProps('organizerName')} />
      <TextInput label="Organizer Email" type="email" required {...form.getInputProps('organizerEmail')} />
    </>
  );
}
