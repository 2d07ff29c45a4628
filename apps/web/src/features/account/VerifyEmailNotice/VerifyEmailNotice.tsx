import { useLingui } from '@lingui/react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { serverMessage } from '../../../lib/errors';
import { trpc } from '../../../trpc';

export interface VerifyEmailNoticeProps {
  /** The account's address, where the confirmation link goes. */
  email: string;
}

/**
 * Asks a signed-in account to confirm its email address, and sends a new link on request. Until
 * the address is confirmed, signups made with it without an account stay out of the account.
 */
export function VerifyEmailNotice({ email }: VerifyEmailNoticeProps) {
  const { i18n } = useLingui();
  const resend = trpc.auth.resendVerification.useMutation();

  return (
    // A notice that is there when the page opens, not news: a named region, not an alert.
    <Alert color="blue" variant="light" title={i18n._('Please confirm your email address')} role="region">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {i18n._(
            'We sent a confirmation link to {email}. Once you confirm the address, signups made with it without an account join your account and show in your volunteer history.',
            { email },
          )}
        </Text>
        <Button size="xs" variant="light" loading={resend.isPending} onClick={() => resend.mutate()}>
          {i18n._('Resend confirmation email')}
        </Button>
        {/* Always present, so that screen readers announce the outcome when it appears. */}
        <div aria-live="polite">
          {resend.isSuccess && (
            <Text size="sm">
              {i18n._(
                '{message}.',
                { message: resend.data.message },
                { comment: "The server's sentence, ended with a full stop" },
              )}
            </Text>
          )}
          {resend.isError && (
            <Text size="sm" c="red.8">
              {serverMessage(resend.error) ?? i18n._('The email could not be sent. Please try again.')}
            </Text>
          )}
        </div>
      </Stack>
    </Alert>
  );
}
