import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { schoolYear } from '../../lib/dates';

export function Footer() {
  return (
    <Box component="footer" py="xl" mt="xl" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {schoolYear(new Date())} Parent Advisory Council. Run by parent volunteers.
          </Text>
          <Anchor component={Link} to="/privacy-policy" size="sm">
            Privacy Policy
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
