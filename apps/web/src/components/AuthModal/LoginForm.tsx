import { Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginSchema } from '@pac/validators';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/schemaForm';

export type LoginValues = z.output<typeof loginSchema>;

interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  onCancel: () => void;
  submitting: boolean;
  /** A sample address shown in the empty Email field (the admin gate shows an admin's). */
  emailPlaceholder?: string;
}

// The visibility toggle's default label contains 'password', which would give two controls
// the same accessible name as the field.
const toggleProps = { 'aria-label': 'Show or hide what you typed' };

export function LoginForm({ onSubmit, onCancel, submitting, emailPlaceholder }: LoginFormProps) {
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { email: '', password: '' },
    schema: loginSchema,
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          placeholder={emailPlaceholder}
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Login
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
