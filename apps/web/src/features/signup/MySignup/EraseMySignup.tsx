import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { forgetSignups } from '../signupMemory';

/** What 'Delete my details' does to a signup whose slot is still to come, or has started (API.md "Privacy"). */
export function eraseQuestion(i18n: I18n, slotTitle: string, started: boolean): string {
  return started
    ? i18n._(
        'Your signup for {slot} stays counted for the organizer, but without your name, email, phone, notes or answers. This cannot be undone.',
        { slot: slotTitle },
      )
    : i18n._(
        'Your signup for {slot} is cancelled first, and then your name, email, phone, notes and answers are deleted. This cannot be undone.',
        { slot: slotTitle },
      );
}

export interface EraseMySignupProps {
  token: string;
  signup: { id: number; closed: boolean; slot: { title: string } };
  /** Called once the details are gone; `cancelled` when the signup was cancelled first. */
  onErased: (result: { cancelled: boolean }) => void;
}

/**
 * 'Delete my details' on the manage page, for a parent without an account: after a confirmation,
 * the signup loses its person (cancelled first while its slot is still to come).
 */
export function EraseMySignup({ token, signup, onErased }: EraseMySignupProps) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState(false);
  const erase = trpc.privacy.eraseSignup.useMutation({
    onSuccess: () => {
      setAsking(false);
      // This browser no longer remembers it as the parent's on the sheet.
      forgetSignups([signup.id]);
      void utils.sheets.invalidate();
      onErased({ cancelled: !signup.closed });
    },
    onError: (error) =>
      notifyFailure(i18n._('Delete Failed'), error, i18n._('Failed to delete your details. Please try again.')),
  });

  return (
    <Stack gap="xs" component="section" aria-labelledby="my-signup-privacy">
      <Title order={2} size="h4" id="my-signup-privacy">
        {i18n._('Your privacy')}
      </Title>
      <Text size="sm" c="gray.7">
        {i18n._('You can have your name, email, phone, notes and answers deleted from this signup.')}
      </Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => setAsking(true)}>
          {i18n._('Delete my details')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={i18n._('Delete My Details')}
        message={eraseQuestion(i18n, signup.slot.title, signup.closed)}
        confirmLabel={i18n._('Delete my details')}
        cancelLabel={i18n._('Keep my details')}
        loading={erase.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => erase.mutate({ token })}
      />
    </Stack>
  );
}

/** What the manage page shows once the signup's details are deleted: the link opens nothing of theirs any more. */
export function DetailsErased({ cancelled, sheet }: { cancelled: boolean; sheet?: { id: number; title: string } }) {
  const { i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  // The dialog and the button that opened it are gone: the news is where the focus goes.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          {i18n._('Details deleted')}
        </Title>
        <Text>{i18n._('Your details have been deleted.')}</Text>
        <Text c="dimmed" size="sm">
          {cancelled
            ? i18n._('Your signup was cancelled first. You can sign up again at any time.')
            : i18n._('The organizer still counts the signup, without your name.')}
        </Text>
        <Group justify="center">
          {sheet && (
            <Button component={Link} to={`/signup-sheet/${sheet.id}`} variant="light">
              {i18n._('View {title}', { title: sheet.title })}
            </Button>
          )}
          <Button component={Link} to="/" variant="default">
            {i18n._('Back to Home')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
