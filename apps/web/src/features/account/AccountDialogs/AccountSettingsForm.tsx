import { useLingui } from '@lingui/react';
import { Button, Group, Stack } from '@mantine/core';
import { accountUpdateSchema } from '@pac/validators';
import type { z } from 'zod';
import { ContactFields } from '../../../components/ContactFields';
import { useSchemaForm } from '../../../lib/schemaForm';

export type AccountSettingsValues = z.output<typeof accountUpdateSchema>;

export interface AccountSettingsFormProps {
  /** The account as it is now; the form starts from it. */
  account: { name: string; email: string; phone: string | null; emailConsent: boolean };
  onSubmit: (values: AccountSettingsValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

/** Name, email, phone and the email-updates choice, validated by the schema the server uses. */
export function AccountSettingsForm({ account, onSubmit, onCancel, submitting = false }: AccountSettingsFormProps) {
  const { i18n } = useLingui();
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: {
      name: account.name,
      email: account.email,
      phone: account.phone ?? '',
      emailConsent: account.emailConsent,
    },
    schema: accountUpdateSchema,
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <ContactFields
          form={form}
          required={['name', 'email']}
          autoFocus
          descriptions={{
            email: i18n._('Changing it sends a confirmation link to the new address'),
            phone: i18n._('Optional'),
          }}
          consentLabel={i18n._('Send me updates about volunteer opportunities')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {i18n._('Cancel', undefined, { comment: 'Button that closes a form or dialog without doing anything' })}
          </Button>
          <Button type="submit" loading={submitting}>
            {i18n._('Save Changes')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
