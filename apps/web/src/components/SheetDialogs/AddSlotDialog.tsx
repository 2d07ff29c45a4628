import { Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { slotCreateSchema } from '@pac/validators';
import { fromDateTimeLocal, useRefreshDashboard } from '../../lib/dashboard';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schemaForm';
import { trpc } from '../../trpc';
import type { SlotCreateValues } from './types';
import { FormActions } from '../FormActions';
import { SlotDayHint } from '../SlotEditForm';

interface SlotFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  startTime: string;
  endTime: string;
  maxVolunteers: number | string;
}

export interface SlotCreateFormProps {
  signupSheetId: number;
  /** The sheet's event date: a hint shows when the slot's times fall on another day. */
  eventDate?: Date;
  onSubmit: (values: SlotCreateValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

/**
 * The 'Add Volunteer Slot' form. Times are optional local date-times, sent as Dates or null;
 * a capacity that is not a number becomes 1.
 */
export function SlotCreateForm({
  signupSheetId,
  eventDate,
  onSubmit,
  onCancel,
  submitting = false,
}: SlotCreateFormProps) {
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: {
      title: '',
      description: '',
      startTime: '',
      endTime: '',
      maxVolunteers: 1,
    } satisfies SlotFormValues,
    schema: slotCreateSchema,
    toInput: (values: SlotFormValues) => ({
      ...values,
      signupSheetId,
      startTime: fromDateTimeLocal(values.startTime),
      endTime: fromDateTimeLocal(values.endTime),
    }),
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <TextInput label="Task Title" required data-autofocus {...form.getInputProps('title')} />
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
        <FormActions submitLabel="Add Slot" submitting={submitting} reset={reset} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

export interface AddSlotDialogProps {
  /** The sheet the slot goes on; the dialog is open while it is set and `opened` is true. */
  sheet: { id: number; title: string; eventDate?: Date } | null;
  opened: boolean;
  onClose: () => void;
}

/** The 'Add Volunteer Slot' dialog: adds a slot to a sheet, then refreshes the dashboard. */
export function AddSlotDialog({ sheet, opened, onClose }: AddSlotDialogProps) {
  const refresh = useRefreshDashboard();
  const create = trpc.slots.create.useMutation({
    onSuccess: (slot) => {
      onClose();
      notifySuccess('Volunteer Slot Created', `"${slot.title}" has been added${sheet ? ` to ${sheet.title}` : ''}.`);
    },
    onError: (error) => notifyFailure('Creation Failed', error, 'Failed to create volunteer slot. Please try again.'),
    onSettled: refresh,
  });

  return (
    <Modal opened={opened && sheet !== null} onClose={onClose} title="Add Volunteer Slot" size="lg">
      {sheet && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            For {sheet.title}
          </Text>
          <SlotCreateForm
            signupSheetId={sheet.id}
            eventDate={sheet.eventDate}
            submitting={create.isPending}
            onCancel={onClose}
            onSubmit={(values) => create.mutate(values)}
          />
        </Stack>
      )}
    </Modal>
  );
}
