import { Button, Group, Stack, Textarea } from '@mantine/core';
import { volunteerUpdateSchema } from '@pac/validators';
import type { z } from 'zod';
import { ContactFields } from '../../../components/ContactFields';
import { useSchemaForm } from '../../../lib/schemaForm';

export type VolunteerUpdateValues = z.output<typeof volunteerUpdateSchema>;

export interface VolunteerEditFormVolunteer {
  id: number;
  name: string;
  email?: string;
  phone?: string;
  notes?: string | null;
  emailConsent?: boolean;
}

export interface VolunteerEditFormProps {
  volunteer: VolunteerEditFormVolunteer;
  onSubmit: (values: VolunteerUpdateValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

type VolunteerFormValues = {
  name: string;
  email: string;
  phone: string;
  notes: string;
  emailConsent: boolean;
};

/**
 * Every field is optional: a blank name, email or phone leaves it as it is; blank notes clear them.
 */
export function toVolunteerUpdateInput(id: number, values: VolunteerFormValues) {
  const keepIfBlank = (value: string) => (value.trim() === '' ? undefined : value);
  return {
    id,
    name: keepIfBlank(values.name),
    email: keepIfBlank(values.email),
    phone: keepIfBlank(values.phone),
    notes: values.notes,
    emailConsent: values.emailConsent,
  };
}

/** The admin's volunteer edit form. */
export function VolunteerEditForm({ volunteer, onSubmit, onCancel, submitting = false }: VolunteerEditFormProps) {
  const initialValues: VolunteerFormValues = {
    name: volunteer.name,
    email: volunteer.email ?? '',
    phone: volunteer.phone ?? '',
    notes: volunteer.notes ?? '',
    emailConsent: volunteer.emailConsent ?? false,
  };
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues,
    schema: volunteerUpdateSchema,
    toInput: (values) => toVolunteerUpdateInput(volunteer.id, values),
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <ContactFields
          form={form}
          autoFocus
          autoComplete="off"
          consentLabel="Wants reminder emails"
          beforeConsent={<Textarea label="Notes" autosize minRows={2} maxRows={6} {...form.getInputProps('notes')} />}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Saving...' : 'Save Changes'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
