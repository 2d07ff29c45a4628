import { useLingui } from '@lingui/react';
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { announcementCardPath } from '../../../lib/announcementCard';
import { useDates } from '../../../lib/language';
import { cardImage, newsAnchor, newsBody, type NewsItem as NewsItemData } from '../news';

export interface NewsItemProps {
  item: NewsItemData;
}

/**
 * One approved announcement on /news: its headline, the day it was published on the school's
 * clock, the page it is about, the approved words with their line breaks, a link to the page that
 * changed, and its card. Its id is the anchor the feed and the home page link to.
 */
export function NewsItem({ item }: NewsItemProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const anchor = newsAnchor(item.id);
  const body = newsBody(item.text, item.link);
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      // Below the sticky header when the page opens at this announcement.
      style={{ scrollMarginTop: 80 }}
    >
      <Group align="flex-start" gap="lg">
        <Stack gap="sm" style={{ flex: '1 1 18rem', minWidth: 0 }}>
          <div>
            <Title order={2} size="h3" id={`${anchor}-title`}>
              {item.headline}
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              <time dateTime={item.publishedAt.toISOString()}>{dates.formatDate(item.publishedAt)}</time>
              {' · '}
              {item.monitorName}
            </Text>
          </div>
          {body !== '' && <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{body}</Text>}
          {/* Its name starts with the words on screen, and says which page for a list of the page's links. */}
          <Anchor
            href={item.link}
            aria-label={i18n._('Read it on the school website: {page}', { page: item.monitorName })}
            style={{ alignSelf: 'flex-start' }}
          >
            {i18n._('Read it on the school website')}
          </Anchor>
        </Stack>
        <img
          src={announcementCardPath(item.id)}
          alt={item.imageAlt}
          width={cardImage.shownWidth}
          height={cardImage.shownHeight}
          loading="lazy"
          decoding="async"
          style={{
            flex: `0 1 ${cardImage.shownWidth}px`,
            minWidth: 0,
            maxWidth: '100%',
            height: 'auto',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        />
      </Group>
    </Card>
  );
}
