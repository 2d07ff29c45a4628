import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

export const invalidLinkText = 'This link is not valid';

export interface InvalidLinkProps {
  /** The heading; the server's sentence when it gave one. */
  title?: string;
  /** What to do next, in place of the default advice. */
  children?: ReactNode;
  /** The way on, in place of 'Back to Home' (for example, asking for a new link). */
  action?: ReactNode;
}

/** What a page opened from a broken or forged email link shows. */
export function InvalidLink({ title = invalidLinkText, children, action }: InvalidLinkProps) {
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">
          {children ??
            'The link may be incomplete or out of date. Please use the link from your most recent email, or contact the event organizer.'}
        </Text>
        {action ?? (
          <Button component={Link} to="/" variant="light">
            Back to Home
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export interface SignupCancelledProps {
  /** The server's sentence ('Signup cancelled successfully'), without its full stop. */
  message?: string;
  /** The volunteer's name, when the page still knows it. */
  name?: string;
  /** The sheet the signup was on, for a way back to it. */
  sheet?: { id: number; title: string };
}

/** What a page opened from a signup's email link shows once that signup is cancelled. */
export function SignupCancelled({ message, name, sheet }: SignupCancelledProps) {
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Signup cancelled
        </Title>
        <Text>{message ? `${message}.` : 'This signup has been cancelled.'}</Text>
        <Text c="dimmed" size="sm">
          {name ? `Thank you for letting us know, ${name}. ` : ''}You can sign up again at any time.
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
