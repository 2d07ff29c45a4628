import { useLingui } from '@lingui/react';
import { Card, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { trpc } from '../../../trpc';
import { NewsItem } from '../NewsItem';

/** Shown on /news before the council has announced anything. */
function NoNews() {
  const { i18n } = useLingui();
  return (
    <Card withBorder padding="xl" ta="center">
      <Text fw={600}>{i18n._('No school news yet.')}</Text>
      <Text c="dimmed" mt="xs">
        {i18n._("News appears here once the parent advisory council announces a change on the school's website.")}
      </Text>
    </Card>
  );
}

/**
 * /news's list: every approved announcement, newest first, with its loading, failed and empty
 * states. Opened at an announcement (/news#announcement-7, from the feed or the home page), it
 * brings that one into view once the list is there.
 */
export function NewsList() {
  const { i18n } = useLingui();
  // No input: the same query the server answered in the page's first data.
  const news = trpc.announcements.news.useQuery();
  const { hash } = useLocation();
  const loaded = news.data !== undefined;

  useEffect(() => {
    // A page the server rendered is already there; one reached inside the app, or loaded late, is not.
    if (!loaded || hash.length < 2) return;
    document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [loaded, hash]);

  return (
    <QueryState
      query={news}
      loading={<LoadingRows rows={3} height={160} gap="sm" label={i18n._('Loading school news')} />}
      failed={i18n._('Could not load the school news')}
      onRetry={() => void news.refetch()}
      empty={<NoNews />}
    >
      {(items) => (
        <Stack gap="lg">
          {items.map((item) => (
            <NewsItem key={item.id} item={item} />
          ))}
        </Stack>
      )}
    </QueryState>
  );
}
