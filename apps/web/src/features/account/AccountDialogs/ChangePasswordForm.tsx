import { useLingui } from '@lingui/react';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { changePasswordSchema } from '@pac/validators';
import type { z } from 'zod';
import { useSchemaForm } from '../../../lib/schemaForm';
import { NewPasswordFields, passwordToggleProps } from '../NewPasswordFields';

export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

export interface ChangePasswordFormProps {
  onSubmit: (values: ChangePasswordValues) => void;
  onCancel: () => void;
  submitting?: boolean;
}

/** Current, new and confirmed password; a mismatch shows on the confirm field (SPEC.md section 5). */
export function ChangePasswordForm({ onSubmit, onCancel, submitting = false }: ChangePasswordFormProps) {
  const { i18n } = useLingui();
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    schema: changePasswordSchema,
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <PasswordInput
          label={i18n._('Current Password')}
          autoComplete="current-password"
          withAsterisk
          data-autofocus
          visibilityToggleButtonProps={passwordToggleProps(i18n)}
          {...form.getInputProps('currentPassword')}
        />
        <NewPasswordFields
          label={i18n._('New Password')}
          confirmLabel={i18n._('Confirm New Password')}
          newPassword={form.getInputProps('newPassword')}
          confirmPassword={form.getInputProps('confirmPassword')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {i18n._('Cancel', undefined, { comment: 'Button that closes a form or dialog without doing anything' })}
          </Button>
          <Button type="submit" loading={submitting}>
            {i18n._('Update Password')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
