import { Button, Group, Stack, Textarea } from '@mantine/core';
import { volunteerSignupSchema } from '@pac/validators';
import type { z } from 'zod';
import { ContactFields } from '../../../components/ContactFields';
import { useSchemaForm } from '../../../lib/schemaForm';

export type SignupValues = z.output<typeof volunteerSignupSchema>;

export interface SignupPrefill {
  name?: string;
  email?: string;
  phone?: string | null;
  emailConsent?: boolean;
}

export interface SignupFormProps {
  slotId: number;
  /** The signed-in user's details, prefilled. */
  prefill?: SignupPrefill;
  onSubmit: (values: SignupValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

/** The volunteer signup form, validated by the same schema the server uses. */
export function SignupForm({ slotId, prefill = {}, onSubmit, onCancel, submitting = false }: SignupFormProps) {
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: {
      name: prefill.name ?? '',
      email: prefill.email ?? '',
      phone: prefill.phone ?? '',
      notes: '',
      emailConsent: prefill.emailConsent ?? false,
    },
    schema: volunteerSignupSchema,
    toInput: (values) => ({ ...values, slotId }),
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <ContactFields
          form={form}
          required={['name', 'email', 'phone']}
          requiredMark="attribute"
          autoFocus
          consentLabel="Send me reminders about this event"
          beforeConsent={
            <Textarea
              label="Notes"
              description="Optional: anything the organizer should know"
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('notes')}
            />
          }
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Sign Up
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
