import { useLingui } from '@lingui/react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useLanguage } from '../../../lib/language';
import { type Announcement, decisionText } from '../announcements';

/** The latest decided announcements: the page (a link to it), its headline, and who decided what and when. */
export function RecentDecisions({ decisions }: { decisions: Announcement[] }) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const titleId = useId();
  if (decisions.length === 0) return null;
  return (
    <section aria-labelledby={titleId}>
      <Title order={3} size="h5" id={titleId} mb="xs">
        {i18n._('Recent decisions')}
      </Title>
      <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }}>
        {decisions.map((announcement) => (
          <Stack
            component="li"
            key={announcement.id}
            gap={2}
            py="xs"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)', minWidth: 0 }}
          >
            <Anchor
              href={announcement.link}
              target="_blank"
              rel="noopener noreferrer"
              size="sm"
              fw={600}
              style={{ overflowWrap: 'anywhere', alignSelf: 'flex-start' }}
            >
              {announcement.monitorName}
            </Anchor>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {announcement.headline}
            </Text>
            <Text size="xs" c="dimmed">
              {decisionText(i18n, language, announcement)}
            </Text>
          </Stack>
        ))}
      </Stack>
    </section>
  );
}
