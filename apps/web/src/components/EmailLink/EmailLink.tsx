import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';

export const invalidLinkText = 'This link is not valid';

/** What a page opened from a broken or forged email link shows. */
export function InvalidLink() {
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {invalidLinkText}
        </Title>
        <Text c="dimmed">
          The link may be incomplete or out of date. Please use the link from your most recent email, or contact the
          event organizer.
        </Text>
        <Button component={Link} to="/" variant="light">
          Back to Home
        </Button>
      </Stack>
    </Card>
  );
}
