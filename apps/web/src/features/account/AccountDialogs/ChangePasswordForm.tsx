import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordSchema } from '@pac/validators';
import type { z } from 'zod';
import { useSchemaForm } from '../../../lib/schemaForm';
import { NewPasswordFields, passwordToggleProps as toggleProps } from '../NewPasswordFields';

export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

export interface ChangePasswordFormProps {
  onSubmit: (values: ChangePasswordValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

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
        <NewPasswordFields
          label="New Password"
          confirmLabel="Confirm New Password"
          newPassword={form.getInputProps('newPassword')}
          confirmPassword={form.getInputProps('confirmPassword')}
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
