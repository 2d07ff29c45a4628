import { useLingui } from '@lingui/react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { registerSchema } from '@pac/validators';
import type { z } from 'zod';
import { ContactFields } from '../../../components/ContactFields';
import { useSchemaForm } from '../../../lib/schemaForm';
import { passwordToggleProps } from '../NewPasswordFields';

export type SignUpValues = z.output<typeof registerSchema>;

interface SignUpFormProps {
  onSubmit: (values: SignUpValues) => void;
  onCancel: () => void;
  submitting: boolean;
}

export function SignUpForm({ onSubmit, onCancel, submitting }: SignUpFormProps) {
  const { i18n } = useLingui();
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { name: '', email: '', password: '', phone: '', emailConsent: false },
    schema: registerSchema,
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <ContactFields
          form={form}
          required={['name', 'email']}
          autoFocus
          descriptions={{ phone: i18n._('Optional') }}
          consentLabel={i18n._('Send me updates about volunteer opportunities')}
          afterEmail={
            <PasswordInput
              label={i18n._('Password')}
              description={i18n._('At least 6 characters')}
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={passwordToggleProps(i18n)}
              {...form.getInputProps('password')}
            />
          }
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {i18n._('Cancel', undefined, { comment: 'Button that closes a form or dialog without doing anything' })}
          </Button>
          <Button type="submit" loading={submitting}>
            {i18n._('Create Account')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
