import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordSchema } from '@pac/validators';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/schemaForm';

export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

export interface ChangePasswordFormProps {
  onSubmit: (values: ChangePasswordValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

// The visibility toggle's default label contains 'password', which would give two controls
// the same accessible name as the field.
const toggleProps = { 'aria-label': 'Show or hide what you typed' };

/** Current, new and confirmed password; a mismatch shows on the confirm field (SPEC.md section 5). */
export function ChangePasswordForm({ onSubmit, onCancel, submitting = false }: ChangePasswordFormProps) {
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema: changePasswordSchema,
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          withAsterisk
          data-autofocus
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          label="New Password"
          description="At least 6 characters"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label="Confirm New Password"
          autoComplete="new-password"
          withAsterisk
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={submitting}>
            Update Password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
