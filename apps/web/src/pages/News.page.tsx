import { useLingui } from '@lingui/react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { PageLayout } from '../components/PageLayout';
import { NewsList } from '../features/news/NewsList';
import { newsFeedPath } from '../features/news/news';

/** /news: the school news, every announcement the council approved, newest first, and its feed. */
export default function NewsPage() {
  const { i18n } = useLingui();
  return (
    <PageLayout title={i18n._('School news')} size="md">
      <Stack gap="xl">
        <Stack gap="xs">
          <Title order={1}>{i18n._('School news')}</Title>
          <Text c="dimmed">
            {i18n._("What changed on the school's website, as the parent advisory council announced it.")}
          </Text>
          <Anchor href={newsFeedPath} type="application/atom+xml" size="sm" style={{ alignSelf: 'flex-start' }}>
            {i18n._('Subscribe in a feed reader')}
          </Anchor>
        </Stack>
        <NewsList />
      </Stack>
    </PageLayout>
  );
}
