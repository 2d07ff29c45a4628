import { Button, PasswordInput, Stack } from '@mantine/core';
import { resetPasswordSchema } from '@pac/validators';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/schemaForm';

export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

export interface ResetPasswordFormProps {
  /** The token from the emailed link; sent with the new password. */
  token: string;
  onSubmit: (values: ResetPasswordValues) => void;
  submitting?: boolean;
}

// The visibility toggle's default label contains 'password', which would give two controls
// the same accessible name as the field.
const toggleProps = { 'aria-label': 'Show or hide what you typed' };

/** A new password, twice, with the change-password rules; a mismatch shows on the confirm field. */
export function ResetPasswordForm({ token, onSubmit, submitting = false }: ResetPasswordFormProps) {
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    schema: resetPasswordSchema,
    toInput: (values) => ({ token, ...values }),
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="New password"
          description="At least 6 characters"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={submitting} mt="sm">
          Reset password
        </Button>
      </Stack>
    </form>
  );
}
