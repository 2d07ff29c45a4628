import { Button, Card, Stack, Text, Title } from '@mantine/core';
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
