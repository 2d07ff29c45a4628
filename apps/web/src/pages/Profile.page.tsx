import { Text, Title } from '@mantine/core';
import { PageLayout } from '../components/PageLayout';

/** A placeholder until this page is built; kept as a lazy route so it can be replaced. */
export default function ProfilePage() {
  return (
    <PageLayout>
      <Title order={1}>Profile</Title>
      <Text c="dimmed" mt="sm">
        This page is coming soon.
      </Text>
    </PageLayout>
  );
}
