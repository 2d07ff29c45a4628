import { Alert, Modal, Select, Skeleton, Stack } from '@mantine/core';
import type { RouterInputs, RouterOutputs } from '@pac/api';
import { sheetCreateSchema } from '@pac/validators';
import { useRefreshDashboard } from '../../lib/dashboard';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schemaForm';
import { useCurrentUser } from '../../session/useCurrentUser';
import { trpc } from '../../trpc';
import { FormActions } from '../FormActions';
import { SheetFields, sheetFormInput, type SheetFormValues, sheetFormValues } from '../SheetFields';

/** The sheet fields the dialog edits (any sheet answer has them). */
export interface EditableSheet {
  id: number;
  title: string;
  description: string | null;
  eventDate: Date;
  organizerName: string;
  organizerEmail: string;
  ownerId: number | null;
}

export type SheetUpdate = RouterInputs['sheets']['update'];
type Person = RouterOutputs['users']['list'][number];

/** Who may run a sheet: organizers and administrators, as 'Name (email)'. */
export function ownerOptions(people: readonly Person[]): { value: string; label: string }[] {
  return people
    .filter((p) => p.role === 'organizer' || p.role === 'admin')
    .map((p) => ({ value: String(p.id), label: `${p.name} (${p.email})${p.role === 'admin' ? ' · admin' : ''}` }));
}

interface EditFormValues extends SheetFormValues {
  /** The owner's id as the Select holds it; '' for a sheet nobody owns. */
  ownerId: string;
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
 * administrators the Owner. It hands over only a changed owner (organizers cannot send one).
 */
export function SheetEditForm({ sheet, owners, onSubmit, onCancel, submitting = false }: SheetEditFormProps) {
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: { ...sheetFormValues(sheet), ownerId: sheet.ownerId === null ? '' : String(sheet.ownerId) },
    schema: sheetCreateSchema,
    toInput: (values: EditFormValues) => sheetFormInput(values),
  });

  return (
    <form
      onSubmit={handleSubmit((parsed, values) => {
        const ownerId = values.ownerId === '' ? null : Number(values.ownerId);
        const handOver = owners !== null && ownerId !== null && ownerId !== sheet.ownerId;
        onSubmit({ id: sheet.id, ...parsed, ...(handOver ? { ownerId } : {}) });
      })}
      noValidate
    >
      <Stack gap="sm">
        <SheetFields form={form} />
        {owners !== null && (
          <Select
            label="Owner"
            description="The organizer who runs this sheet (administrators run every sheet)"
            placeholder="Nobody: administrators only"
            data={owners}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No organizer by that name"
            {...form.getInputProps('ownerId')}
          />
        )}
        <FormActions
          submitLabel="Save Changes"
          pendingLabel="Saving..."
          submitting={submitting}
          reset={reset}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function EditSheetBody({ sheet, onClose }: { sheet: EditableSheet; onClose: () => void }) {
  const refresh = useRefreshDashboard();
  const { user } = useCurrentUser();
  const isAdmin = user?.isAdmin === true;
  // The list of people is for administrators only: organizers never ask for it.
  const people = trpc.users.list.useQuery(undefined, { enabled: isAdmin });
  const update = trpc.sheets.update.useMutation({
    onSuccess: (saved) => {
      onClose();
      notifySuccess('Signup Sheet Updated', `"${saved.title}" has been saved.`);
    },
    onError: (error) => notifyFailure('Update Failed', error, 'Failed to update the signup sheet. Please try again.'),
    onSettled: refresh,
  });

  if (isAdmin && people.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the sheet's owners">
        <Skeleton height={36} />
        <Skeleton height={80} />
        <Skeleton height={36} />
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      {isAdmin && people.isError && (
        <Alert color="yellow" title="Could not load organizers">
          The owner cannot be changed right now; the other fields can.
        </Alert>
      )}
      <SheetEditForm
        sheet={sheet}
        owners={isAdmin && people.data ? ownerOptions(people.data) : null}
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
  return (
    <Modal opened={opened} onClose={onClose} title="Edit Signup Sheet" size="lg">
      {sheet && <EditSheetBody key={sheet.id} sheet={sheet} onClose={onClose} />}
    </Modal>
  );
}
