import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

/**
 * The visibility toggle's default label contains 'password', which would give two controls the
 * same accessible name as the field; every password input uses this one instead.
 */
export function passwordToggleProps(i18n: I18n): { 'aria-label': string } {
  return { 'aria-label': i18n._('Show or hide what you typed') };
}

export interface NewPasswordFieldsProps {
  /** e.g. 'New Password' (change password) or 'New password' (reset), in the page's language. */
  label: string;
  confirmLabel: string;
  /** `form.getInputProps('newPassword')` and `form.getInputProps('confirmPassword')`. */
  newPassword: GetInputPropsReturnType;
  confirmPassword: GetInputPropsReturnType;
}

/** A new password and its confirmation, as the change-password and reset forms both ask for them. */
export function NewPasswordFields({ label, confirmLabel, newPassword, confirmPassword }: NewPasswordFieldsProps) {
  const { i18n } = useLingui();
  const toggleProps = passwordToggleProps(i18n);
  return (
    <>
      <PasswordInput
        label={label}
        description={i18n._('At least 6 characters')}
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={toggleProps}
        {...newPassword}
      />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
        visibilityToggleButtonProps={toggleProps}
        {...confirmPassword}
      />
    </>
  );
}
