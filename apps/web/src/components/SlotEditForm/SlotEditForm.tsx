import { Button, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { slotUpdateSchema } from '@pac/validators';
import type { z } from 'zod';
import { toDateTimeLocal } from '../../lib/dates';
import { useSchemaForm } from '../../lib/schemaForm';
import { SlotDayHint } from './SlotDayHint';

export type SlotUpdateValues = z.output<typeof slotUpdateSchema>;

export interface SlotEditFormSlot {
  id: number;
  title: string;
  description: string | null;
  startTime: Date | null;
  endTime: Date | null;
  maxVolunteers: number;
}

export interface SlotEditFormProps {
  slot: SlotEditFormSlot;
  /** The sheet's event date: a hint shows when the slot's times fall on another day. */
  eventDate?: Date;
  onSubmit: (values: SlotUpdateValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

type SlotFormValues = {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  maxVolunteers: number | string;
};

/**
 * The admin's 'Edit Volunteer Slot' form. Times are local date-times to the minute; an empty
 * time clears it.
 */
export function SlotEditForm({ slot, eventDate, onSubmit, onCancel, submitting = false }: SlotEditFormProps) {
  const initialValues: SlotFormValues = {
    title: slot.title,
    description: slot.description ?? '',
    startTime: toDateTimeLocal(slot.startTime),
    endTime: toDateTimeLocal(slot.endTime),
    maxVolunteers: slot.maxVolunteers,
  };
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues,
    schema: slotUpdateSchema,
    toInput: (values) => ({ ...values, id: slot.id }),
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <TextInput label="Volunteer Role" required data-autofocus {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
        <Group grow align="flex-start">
          <TextInput label="Start Time" type="datetime-local" step={60} {...form.getInputProps('startTime')} />
          <TextInput label="End Time" type="datetime-local" step={60} {...form.getInputProps('endTime')} />
        </Group>
        {eventDate && (
          <SlotDayHint startTime={form.values.startTime} endTime={form.values.endTime} eventDate={eventDate} />
        )}
        <NumberInput
          label="Number of Volunteers Needed"
          required
          min={1}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('maxVolunteers')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Updating...' : 'Update Slot'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
