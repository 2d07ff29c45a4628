import { useLingui } from '@lingui/react';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { loginSchema } from '@pac/validators';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { useSchemaForm } from '../../../lib/schemaForm';
import { passwordToggleProps } from '../NewPasswordFields';

export type LoginValues = z.output<typeof loginSchema>;

interface LoginFormProps {
  onSubmit: (values: LoginValues) => void;
  onCancel: () => void;
  submitting: boolean;
  /** A sample address shown in the empty Email field (the admin gate shows an admin's). */
  emailPlaceholder?: string;
  /** The Email field's starting value (what was typed in the forgot-password form). */
  initialEmail?: string;
  /** 'Forgot password?' was chosen; receives what is in the Email field. */
  onForgotPassword?: (email: string) => void;
  /** Put the focus on 'Forgot password?' when the form appears (coming back from that form). */
  focusForgotPassword?: boolean;
}

export function LoginForm({
  onSubmit,
  onCancel,
  submitting,
  emailPlaceholder,
  initialEmail = '',
  onForgotPassword,
  focusForgotPassword = false,
}: LoginFormProps) {
  const { i18n } = useLingui();
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { email: initialEmail, password: '' },
    schema: loginSchema,
  });
  const forgotRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusForgotPassword) forgotRef.current?.focus();
  }, [focusForgotPassword]);

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate>
      <Stack gap="sm">
        <TextInput
          label={i18n._('Email')}
          type="email"
          autoComplete="email"
          placeholder={emailPlaceholder}
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={i18n._('Password')}
          autoComplete="current-password"
          withAsterisk
          visibilityToggleButtonProps={passwordToggleProps(i18n)}
          {...form.getInputProps('password')}
        />
        {onForgotPassword && (
          <Group justify="flex-end" mt={-4}>
            <Anchor
              ref={forgotRef}
              component="button"
              type="button"
              size="sm"
              onClick={() => onForgotPassword(form.getValues().email.trim())}
            >
              {i18n._('Forgot password?')}
            </Anchor>
          </Group>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {i18n._('Cancel', undefined, { comment: 'Button that closes a form or dialog without doing anything' })}
          </Button>
          <Button type="submit" loading={submitting}>
            {i18n._('Login')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
