import { useLingui } from '@lingui/react';
import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { AlertIcon } from '../Icons';

/** The page for a route the router does not know. */
export function NotFound() {
  const { i18n } = useLingui();
  return (
    <Card withBorder shadow="sm" padding="xl" maw={480} mx="auto" mt="xl">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon color="red" variant="light" size={64} radius="xl" data-testid="not-found-icon">
          <AlertIcon size={36} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {i18n._('404 Page Not Found')}
        </Title>
        <Text c="dimmed">{i18n._('Did you forget to add the page to the router?')}</Text>
        <Button component={Link} to="/" variant="light">
          {i18n._('Back to Home')}
        </Button>
      </Stack>
    </Card>
  );
}
