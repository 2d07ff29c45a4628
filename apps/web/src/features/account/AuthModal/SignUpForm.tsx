import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { registerSchema } from '@pac/validators';
import type { z } from 'zod';
import { ContactFields } from '../../../components/ContactFields';
import { useSchemaForm } from '../../../lib/schemaForm';
import { passwordToggleProps as toggleProps } from '../NewPasswordFields';

export type SignUpValues = z.output<typeof registerSchema>;

interface SignUpFormProps {
  onSubmit: (values: SignUpValues) => void;
  onCancel: () => void;
  submitting: boolean;
}

export function SignUpForm({ onSubmit, onCancel, submitting }: SignUpFormProps) {
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
          descriptions={{ phone: 'Optional' }}
          consentLabel="Send me updates about volunteer opportunities"
          afterEmail={
            <PasswordInput
              label="Password"
              description="At least 6 characters"
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={toggleProps}
              {...form.getInputProps('password')}
            />
          }
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Create Account
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
