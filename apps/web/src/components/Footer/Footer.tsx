import { useLingui } from '@lingui/react';
import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { appPages } from '@pac/validators/page-data';
import { Link } from 'react-router-dom';
import { schoolYear } from '../../lib/dates';

/** Every page's footer: who runs the site, and the public pages anyone may want from anywhere. */
export function Footer() {
  const { i18n } = useLingui();
  return (
    <Box component="footer" py="xl" mt="xl" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            {i18n._('© {year} Parent Advisory Council. Run by parent volunteers.', { year: schoolYear(new Date()) })}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to={appPages.news.path} size="sm">
              {i18n._('School news')}
            </Anchor>
            <Anchor component={Link} to={appPages.privacyPolicy.path} size="sm">
              {i18n._('Privacy Policy')}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
