// The dialog loads on demand (the dashboard's first screen needs none of it), with the part of
// Mantine's stylesheet that its modal and fields use.
import '../../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Modal, Stack } from '@mantine/core';
import { sheetCreateSchema } from '@pac/validators';
import { FormActions } from '../../../components/FormActions';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { trpc } from '../../../trpc';
import { defaultEventDate, useRefreshDashboard } from '../dashboard';
import { SheetFields, sheetFormCheck, sheetFormInput, sheetFormValues } from '../SheetFields';
import type { SheetCreateValues } from './types';

export interface SheetCreateFormProps {
  onSubmit: (values: SheetCreateValues) => void;
  onCancel: () => void;
  submitting?: boolean;
  /** Prefills the organizer (the signed-in admin). */
  organizer?: { name: string; email: string };
}

/** The 'Create New Signup Sheet' form; the event date starts 1 day ahead. */
export function SheetCreateForm({ onSubmit, onCancel, submitting = false, organizer }: SheetCreateFormProps) {
  const { i18n } = useLingui();
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: sheetFormValues({
      eventDate: defaultEventDate(),
      organizerName: organizer?.name,
      organizerEmail: organizer?.email,
    }),
    schema: sheetCreateSchema,
    toInput: sheetFormInput,
    check: sheetFormCheck,
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <SheetFields form={form} />
        <FormActions
          submitLabel={i18n._('Create Sheet')}
          pendingLabel={i18n._('Creating...')}
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
  /** After the sheet is created (and the dialog closed): the dashboard takes the organizer to it. */
  onCreated?: (sheet: { id: number; title: string }) => void;
}

/** The 'Create New Signup Sheet' dialog: creates the sheet, then refreshes the dashboard. */
export function CreateSheetDialog({ opened, onClose, onCreated }: CreateSheetDialogProps) {
  const { i18n } = useLingui();
  const refresh = useRefreshDashboard();
  const me = trpc.auth.me.useQuery();
  const create = trpc.sheets.create.useMutation({
    onSuccess: (sheet) => {
      onClose();
      notifySuccess(
        i18n._('Signup Sheet Created'),
        i18n._('"{title}" is ready for volunteer slots.', { title: sheet.title }),
      );
      onCreated?.({ id: sheet.id, title: sheet.title });
    },
    onError: (error) =>
      notifyFailure(i18n._('Creation Failed'), error, i18n._('Failed to create signup sheet. Please try again.')),
    onSettled: refresh,
  });
  const organizer = me.data ? { name: me.data.name, email: me.data.email } : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title={i18n._('Create New Signup Sheet')} size="lg">
      <SheetCreateForm
        organizer={organizer}
        submitting={create.isPending}
        onCancel={onClose}
        onSubmit={(values) => create.mutate(values)}
      />
    </Modal>
  );
}
