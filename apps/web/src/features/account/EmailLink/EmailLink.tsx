import { useLingui } from '@lingui/react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The default heading, translated where shown: `i18n._(invalidLinkText)`. */
export const invalidLinkText = /*i18n*/ 'This link is not valid';

export interface InvalidLinkProps {
  /** The heading, in the page's language; the server's sentence when it gave one. */
  title?: string;
  /** What to do next, in place of the default advice. */
  children?: ReactNode;
  /** The way on, in place of 'Back to Home' (for example, asking for a new link). */
  action?: ReactNode;
}

/** What a page opened from a broken or forged email link shows. */
export function InvalidLink({ title, children, action }: InvalidLinkProps) {
  const { i18n } = useLingui();
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {title ?? i18n._(invalidLinkText)}
        </Title>
        <Text c="dimmed">
          {children ??
            i18n._(
              'The link may be incomplete or out of date. Please use the link from your most recent email, or contact the event organizer.',
            )}
        </Text>
        {action ?? (
          <Button component={Link} to="/" variant="light">
            {i18n._('Back to Home')}
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
  const { i18n } = useLingui();
  return (
    <Card withBorder padding="xl" maw={560} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {i18n._('Signup cancelled')}
        </Title>
        <Text>
          {message
            ? i18n._('{message}.', { message }, { comment: "The server's sentence, ended with a full stop" })
            : i18n._('This signup has been cancelled.')}
        </Text>
        <Text c="dimmed" size="sm">
          {name
            ? i18n._('Thank you for letting us know, {name}. You can sign up again at any time.', { name })
            : i18n._('You can sign up again at any time.')}
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
