// Loaded on demand (the dashboard's first screen waits for none of it), with the part of Mantine's
// stylesheet that its fields and dialogs use.
import '../../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Card, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { LoadFailed, LoadingRows } from '../../../components/QueryState';
import { draftsOf, recentDecisions } from '../announcements';
import { useAnnouncementList } from '../useAnnouncements';
import { RecentDecisions } from './RecentDecisions';

// A draft's card (its editor, and the schemas that check it) loads only when a draft is waiting.
const DraftCard = lazy(() => import('./DraftCard').then((m) => ({ default: m.DraftCard })));

export interface AnnouncementDraftsProps {
  /**
   * Shows nothing until a draft is waiting (the admin dashboard, above its tabs); without it the
   * section always shows, saying 'No announcements waiting.' when none is (/monitoring).
   */
  hideWhenEmpty?: boolean;
}

/**
 * 'Announcements to approve': the drafts whose Facebook and Instagram posts wait for an admin, each
 * to edit, approve or reject, and below them the recent decisions. Once shown it stays, so that the
 * admin who decided the last draft sees their decision listed.
 */
export function AnnouncementDrafts({ hideWhenEmpty = false }: AnnouncementDraftsProps) {
  const { i18n } = useLingui();
  const list = useAnnouncementList();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const drafts = list.data ? draftsOf(list.data) : [];
  const [shown, setShown] = useState(!hideWhenEmpty);
  if (!shown && drafts.length > 0) setShown(true);
  if (!shown) return null;

  // A decided draft leaves the list: focus goes to the section's heading rather than to the page's start.
  const onDecided = () => headingRef.current?.focus();

  return (
    <section aria-labelledby={titleId}>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={2} size="h3" id={titleId} ref={headingRef} tabIndex={-1}>
            {i18n._('Announcements to approve')}
          </Title>
          {list.isPending ? (
            <LoadingRows rows={2} height={120} label={i18n._('Loading the announcements')} />
          ) : list.isError ? (
            <LoadFailed title={i18n._('Could not load the announcements')} onRetry={() => void list.refetch()} />
          ) : (
            <>
              {drafts.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {i18n._('No announcements waiting.')}
                </Text>
              ) : (
                <>
                  <Text size="sm" c="dimmed">
                    {i18n._('Nothing goes to Facebook or Instagram until an admin approves it.')}
                  </Text>
                  <Suspense
                    fallback={
                      <LoadingRows rows={drafts.length} height={120} label={i18n._('Loading the announcements')} />
                    }
                  >
                    {drafts.map((draft) => (
                      <DraftCard key={draft.id} draft={draft} onDecided={onDecided} />
                    ))}
                  </Suspense>
                </>
              )}
              <RecentDecisions decisions={recentDecisions(list.data)} />
            </>
          )}
        </Stack>
      </Card>
    </section>
  );
}
