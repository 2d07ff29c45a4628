import { useLingui } from '@lingui/react';
import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { forgotPasswordSchema } from '@pac/validators';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { useSchemaForm } from '../../../lib/schemaForm';

export type ForgotPasswordValues = z.output<typeof forgotPasswordSchema>;

export interface ForgotPasswordFormProps {
  onSubmit: (values: ForgotPasswordValues) => void;
  /** Back to the login form, with what is in the Email field. */
  onBack: (email: string) => void;
  submitting: boolean;
  /** The Email field's starting value (what was typed in the login form). */
  initialEmail?: string;
  /** The server's answer once a link was asked for; shown above the form. */
  sentMessage?: string | null;
}

/**
 * 'Forgot password?': asks for a reset link by email. The answer is the same whether or not the
 * account exists, so it is shown as it comes.
 */
export function ForgotPasswordForm({
  onSubmit,
  onBack,
  submitting,
  initialEmail = '',
  sentMessage = null,
}: ForgotPasswordFormProps) {
  const { i18n } = useLingui();
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { email: initialEmail },
    schema: forgotPasswordSchema,
  });
  // This form replaces the login form inside an open dialog, where Mantine's autofocus does not
  // run again: move the focus here, so that keyboard and screen-reader users land in it.
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  return (
    <form onSubmit={handleSubmit((parsed) => onSubmit(parsed))} noValidate aria-labelledby="forgot-password-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="forgot-password-title">
          {i18n._('Reset your password')}
        </Title>
        <Text size="sm" c="dimmed">
          {i18n._('Enter the email address of your account and we will send you a link to choose a new password.')}
        </Text>
        {sentMessage !== null && (
          <Alert color="green" variant="light" title={i18n._('Check your email')}>
            {sentMessage}
          </Alert>
        )}
        <TextInput
          ref={emailRef}
          label={i18n._('Email')}
          type="email"
          autoComplete="email"
          withAsterisk
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Group justify="space-between" mt="sm">
          <Button variant="subtle" onClick={() => onBack(form.getValues().email.trim())} disabled={submitting}>
            {i18n._('Back to login')}
          </Button>
          <Button type="submit" loading={submitting}>
            {i18n._('Send reset link')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
