import { useLingui } from '@lingui/react';
import { Button, Stack } from '@mantine/core';
import { resetPasswordSchema } from '@pac/validators';
import type { z } from 'zod';
import { useSchemaForm } from '../../../lib/schemaForm';
import { NewPasswordFields } from '../NewPasswordFields';

export type ResetPasswordValues = z.output<typeof resetPasswordSchema>;

export interface ResetPasswordFormProps {
  /** The token from the emailed link; sent with the new password. */
  token: string;
  onSubmit: (values: ResetPasswordValues) => void;
  submitting?: boolean;
}

/** A new password, twice, with the change-password rules; a mismatch shows on the confirm field. */
export function ResetPasswordForm({ token, onSubmit, submitting = false }: ResetPasswordFormProps) {
  const { i18n } = useLingui();
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { newPassword: '', confirmPassword: '' },
    schema: resetPasswordSchema,
    toInput: (values) => ({ token, ...values }),
  });

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <NewPasswordFields
          label={i18n._('New password')}
          confirmLabel={i18n._('Confirm new password')}
          newPassword={form.getInputProps('newPassword')}
          confirmPassword={form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={submitting} mt="sm">
          {i18n._('Reset password')}
        </Button>
      </Stack>
    </form>
  );
}
