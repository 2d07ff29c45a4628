import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * The visibility toggle's default label contains 'password', which would give two controls the
 * same accessible name as the field; every password input uses this one instead.
 */
export const passwordToggleProps = { 'aria-label': 'Show or hide what you typed' };

export interface NewPasswordFieldsProps {
  /** e.g. 'New Password' (change password) or 'New password' (reset). */
  label: string;
  confirmLabel: string;
  /** `form.getInputProps('newPassword')` and `form.getInputProps('confirmPassword')`. */
  newPassword: GetInputPropsReturnType;
  confirmPassword: GetInputPropsReturnType;
}

/** A new password and its confirmation, as the change-password and reset forms both ask for them. */
export function NewPasswordFields({ label, confirmLabel, newPassword, confirmPassword }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordInput
        label={label}
        description="At least 6 characters"
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={passwordToggleProps}
        {...newPassword}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={passwordToggleProps}
        {...confirmPassword}
      />
    </>
  );
}
