import { useLingui } from '@lingui/react';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { appPages, homeNewsCount } from '@pac/validators/page-data';
import { Link } from 'react-router-dom';
import { useDates } from '../../../lib/language';
import { trpc } from '../../../trpc';
import { newsItemHref } from '../news';

/**
 * The home page's 'School news': the latest approved announcements, each a link to it on /news
 * with its day and page, and a link to all of them. Nothing at all while there is none, and
 * nothing while it loads or when it failed: the home page is about volunteering first, and with
 * the page's first data it is there from the first render.
 */
export function HomeNews() {
  const { i18n } = useLingui();
  const dates = useDates();
  // The same input as the home page's first data, so the answer is already in the cache.
  const news = trpc.announcements.news.useQuery({ limit: homeNewsCount });
  const items = (news.data ?? []).slice(0, homeNewsCount);
  if (items.length === 0) return null;

  return (
    <Stack
      gap="lg"
      component="section"
      id="school-news"
      aria-labelledby="school-news-title"
      mt={48}
      style={{ scrollMarginTop: 80 }}
    >
      <Title order={2} id="school-news-title">
        {i18n._('School news')}
      </Title>
      <SimpleGrid
        cols={{ base: 1, sm: 3 }}
        spacing="lg"
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {items.map((item) => (
          <Card key={item.id} withBorder padding="lg" component="li">
            <Anchor component={Link} to={newsItemHref(item.id)} fw={600}>
              {item.headline}
            </Anchor>
            <Text size="sm" c="dimmed" mt={4}>
              <time dateTime={item.publishedAt.toISOString()}>{dates.formatDate(item.publishedAt)}</time>
              {' · '}
              {item.monitorName}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Anchor component={Link} to={appPages.news.path} style={{ alignSelf: 'flex-start' }}>
        {i18n._('All school news')}
      </Anchor>
    </Stack>
  );
}
