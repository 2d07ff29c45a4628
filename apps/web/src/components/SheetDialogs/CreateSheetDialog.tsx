import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { sheetCreateSchema } from '@pac/validators';
import { defaultEventDate, fromDateTimeLocal, useRefreshDashboard } from '../../lib/dashboard';
import { toDateTimeLocal } from '../../lib/dates';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schemaForm';
import { trpc } from '../../trpc';
import type { SheetCreateValues } from './types';
import { FormActions } from '../FormActions';

interface SheetFormValues extends Record<string, unknown> {
  title: string;
  description: string;
  eventDate: string;
  organizerName: string;
  organizerEmail: string;
}

export interface SheetCreateFormProps {
  onSubmit: (values: SheetCreateValues) => void;
  onCancel: () => void;
  submitting?: boolean;
  /** Prefills the organizer (the signed-in admin). */
  organizer?: { name: string; email: string };
}

/** The 'Create New Signup Sheet' form; the event date starts 1 day ahead. */
export function SheetCreateForm({ onSubmit, onCancel, submitting = false, organizer }: SheetCreateFormProps) {
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: {
      title: '',
      description: '',
      eventDate: toDateTimeLocal(defaultEventDate()),
      organizerName: organizer?.name ?? '',
      organizerEmail: organizer?.email ?? '',
    } satisfies SheetFormValues,
    schema: sheetCreateSchema,
    toInput: (values: SheetFormValues) => ({ ...values, eventDate: fromDateTimeLocal(values.eventDate) }),
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <TextInput label="Event Title" required data-autofocus {...form.getInputProps('title')} />
        <Textarea label="Description" autosize minRows={3} maxRows={8} {...form.getInputProps('description')} />
        <TextInput label="Event Date" type="datetime-local" step={60} required {...form.getInputProps('eventDate')} />
        <TextInput label="Organizer Name" required {...form.getInputProps('organizerName')} />
        <TextInput label="Organizer Email" type="email" required {...form.getInputProps('organizerEmail')} />
        <FormActions
          submitLabel="Create Sheet"
          pendingLabel="Creating..."
          submitting={submitting}
          reset={reset}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

export interface CreateSheetDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The 'Create New Signup Sheet' dialog: creates the sheet, then refreshes the dashboard. */
export function CreateSheetDialog({ opened, onClose }: CreateSheetDialogProps) {
  const refresh = useRefreshDashboard();
  const me = trpc.auth.me.useQuery();
  const create = trpc.sheets.create.useMutation({
    onSuccess: (sheet) => {
      onClose();
      notifySuccess('Signup Sheet Created', `"${sheet.title}" is ready for volunteer slots.`);
    },
    onError: (error) => notifyFailure('Creation Failed', error, 'Failed to create signup sheet. Please try again.'),
    onSettled: refresh,
  });
  const organizer = me.data ? { name: me.data.name, email: me.data.email } : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title="Create New Signup Sheet" size="lg">
      <SheetCreateForm
        organizer={organizer}
        submitting={create.isPending}
        onCancel={onClose}
        onSubmit={(values) => create.mutate(values)}
      />
    </Modal>
  );
}
