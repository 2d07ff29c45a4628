import { useLingui } from '@lingui/react';
import { PasswordInput, Stack, TextInput } from '@mantine/core';
import { adminEmailFormSchema, senderFormSchema } from '@pac/validators';
import type { z } from 'zod';
import { FormActions } from '../../../components/FormActions';
import { useSchemaForm } from '../../../lib/schemaForm';

export type AdminEmailValues = z.output<typeof adminEmailFormSchema>;
export type SenderValues = z.output<typeof senderFormSchema>;

export interface AdminEmailFormProps {
  /** The current default recipient, if any. */
  initialEmail: string | null;
  onSubmit: (values: AdminEmailValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

/** The default email recipient's inline form: the field adminEmail, Save and Cancel. */
export function AdminEmailForm({ initialEmail, onSubmit, onCancel, submitting = false }: AdminEmailFormProps) {
  const { i18n } = useLingui();
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: { adminEmail: initialEmail ?? '' },
    schema: adminEmailFormSchema,
  });
  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <TextInput
          label={i18n._('Default email recipient')}
          name="adminEmail"
          type="email"
          placeholder="chair@example.org"
          data-autofocus
          {...form.getInputProps('adminEmail')}
        />
        <FormActions
          submitLabel={i18n._('Save')}
          pendingLabel={i18n._('Saving...')}
          submitting={submitting}
          reset={reset}
          onCancel={onCancel}
          justify="flex-start"
        />
      </Stack>
    </form>
  );
}

export interface SenderFormProps {
  /** The sender address saved in settings, if any; the password is never shown or prefilled. */
  initialEmail: string | null;
  onSubmit: (values: SenderValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

/** The email sender's form: a Gmail address and its app password (masked). */
export function SenderForm({ initialEmail, onSubmit, onCancel, submitting = false }: SenderFormProps) {
  const { i18n } = useLingui();
  const {
    form,
    onSubmit: handleSubmit,
    reset,
  } = useSchemaForm({
    initialValues: { senderEmail: initialEmail ?? '', senderPassword: '' },
    schema: senderFormSchema,
  });
  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <TextInput
          label={i18n._('Gmail address')}
          name="senderEmail"
          type="email"
          placeholder="yourpac@gmail.com"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('senderEmail')}
        />
        <PasswordInput
          label={i18n._('App password')}
          name="senderPassword"
          description={i18n._(
            'The 16-character app password from your Google account (Security → App passwords), not your regular password.',
          )}
          autoComplete="new-password"
          {...form.getInputProps('senderPassword')}
        />
        <FormActions
          submitLabel={i18n._('Save Configuration')}
          pendingLabel={i18n._('Saving...')}
          submitting={submitting}
          reset={reset}
          onCancel={onCancel}
          justify="flex-start"
        />
      </Stack>
    </form>
  );
}
