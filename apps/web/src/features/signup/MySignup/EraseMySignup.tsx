import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { forgetSignups } from '../signupMemory';

/** What 'Delete my details' does to a signup whose slot is still to come, or has started (API.md "Privacy"). */
export function eraseQuestion(slotTitle: string, started: boolean): string {
  return started
    ? `Your signup for ${slotTitle} stays counted for the organizer, but without your name, email, phone, notes or answers. This cannot be undone.`
    : `Your signup for ${slotTitle} is cancelled first, and then your name, email, phone, notes and answers are deleted. This cannot be undone.`;
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
    onError: (error) => notifyFailure('Delete Failed', error, 'Failed to delete your details. Please try again.'),
  });

  return (
    <Stack gap="xs" component="section" aria-labelledby="my-signup-privacy">
      <Title order={2} size="h4" id="my-signup-privacy">
        Your privacy
      </Title>
      <Text size="sm" c="gray.7">
        You can have your name, email, phone, notes and answers deleted from this signup.
      </Text>
      <Group>
        <Button color="red" variant="outline" onClick={() => setAsking(true)}>
          Delete my details
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Delete My Details"
        message={eraseQuestion(signup.slot.title, signup.closed)}
        confirmLabel="Delete my details"
        cancelLabel="Keep my details"
        loading={erase.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => erase.mutate({ token })}
      />
    </Stack>
  );
}

/** What the manage page shows once the signup's details are deleted: the link opens nothing of theirs any more. */
export function DetailsErased({ cancelled, sheet }: { cancelled: boolean; sheet?: { id: number; title: string } }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The dialog and the button that opened it are gone: the news is where the focus goes.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
          Details deleted
        </Title>
        <Text>Your details have been deleted.</Text>
        <Text c="dimmed" size="sm">
          {cancelled
            ? 'Your signup was cancelled first. You can sign up again at any time.'
            : 'The organizer still counts the signup, without your name.'}
        </Text>
        <Group justify="center">
          {sheet && (
            <Button component={Link} to={`/signup-sheet/${sheet.id}`} variant="light">
              View {sheet.title}
            </Button>
          )}
          <Button component={Link} to="/" variant="default">
            Back to Home
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
