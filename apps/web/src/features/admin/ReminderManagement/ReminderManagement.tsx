import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import { Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Language } from '@pac/validators/page-data';
import { lazy, type Ref, type RefObject, useRef, useState } from 'react';
import { OnceOpened } from '../../../components/OnceOpened';
import { MailIcon } from '../../../components/Icons';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { useDates, useLanguage } from '../../../lib/language';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { formatWhen } from '../../monitoring/monitoring';

// The question before a send (Mantine's Modal) loads when first asked.
const ConfirmDialog = lazy(() =>
  import('../../../components/ConfirmDialog').then((m) => ({ default: m.ConfirmDialog })),
);

export type ReminderType = 'week' | 'day' | 'hour';

/** The three reminder buttons, in SPEC.md's order ('hour' is labelled day-of); labels in English, shown through `i18n._`. */
export const reminderButtons: { type: ReminderType; label: string }[] = [
  { type: 'week', label: /*i18n*/ 'Week Reminder' },
  { type: 'day', label: /*i18n*/ 'Day Reminder' },
  { type: 'hour', label: /*i18n*/ 'Day-of Reminder' },
];

/** A sheet in the reminder summary (API.md: `GET /api/reminders/pending`). */
export interface ReminderSheet {
  id: number;
  title: string;
  eventDate: Date;
  upcomingSlots: number;
  volunteerCount: number;
  /** When each type last went out for the sheet, or null. */
  remindersSent: Record<ReminderType, Date | null>;
  /** How many volunteers a send of each type would email now (those who have not had it). */
  recipients: Record<ReminderType, number>;
}

/** 'Week reminder sent Nov 21, 9:14 AM', one per type that went, in button order. */
export function sentLines(i18n: I18n, language: Language, sent: ReminderSheet['remindersSent']): string[] {
  return reminderButtons.flatMap(({ type }) => {
    const at = sent[type];
    if (at === null) return [];
    const when = formatWhen(i18n, language, at);
    switch (type) {
      case 'week':
        return [i18n._('Week reminder sent {when}', { when })];
      case 'day':
        return [i18n._('Day reminder sent {when}', { when })];
      case 'hour':
        return [i18n._('Day-of reminder sent {when}', { when })];
    }
  });
}

/** The question before a send by hand: 'Send the week reminder to 4 volunteers for Library Book Fair?' */
export function sendQuestion(
  i18n: I18n,
  sheet: Pick<ReminderSheet, 'title' | 'recipients'>,
  type: ReminderType,
): string {
  const values = { count: sheet.recipients[type], title: sheet.title };
  switch (type) {
    case 'week':
      return i18n._(
        'Send the week reminder to {count, plural, one {# volunteer} other {# volunteers}} for {title}?',
        values,
      );
    case 'day':
      return i18n._(
        'Send the day reminder to {count, plural, one {# volunteer} other {# volunteers}} for {title}?',
        values,
      );
    case 'hour':
      return i18n._(
        'Send the day-of reminder to {count, plural, one {# volunteer} other {# volunteers}} for {title}?',
        values,
      );
  }
}

/** Why a reminder button is disabled: no volunteer is waiting for that reminder. */
function nobodyWaiting(i18n: I18n, type: ReminderType): string {
  switch (type) {
    case 'week':
      return i18n._('No volunteer is waiting for the week reminder');
    case 'day':
      return i18n._('No volunteer is waiting for the day reminder');
    case 'hour':
      return i18n._('No volunteer is waiting for the day-of reminder');
  }
}

function SummaryTile({ label, value, loading }: { label: string; value: number; loading: boolean }) {
  return (
    <Card withBorder padding="md" bg="gray.0" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={30} width={48} mt={6} />
      ) : (
        <Text fz={26} fw={700} lh={1.2} mt={4}>
          {value}
        </Text>
      )}
    </Card>
  );
}

export interface ReminderEventProps {
  sheet: ReminderSheet;
  /** The reminder type being sent for this sheet, if any. */
  sending: ReminderType | null;
  onSend: (type: ReminderType) => void;
}

/**
 * One event in the list: its title, upcoming slots and volunteers, which reminders went and when,
 * and the three reminder buttons (a type nobody is waiting for cannot be sent).
 */
export function ReminderEvent({ sheet, sending, onSend }: ReminderEventProps) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const dates = useDates();
  const sent = sentLines(i18n, language, sheet.remindersSent);
  return (
    <Card withBorder padding="md" component="article" aria-label={sheet.title}>
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Text fw={600}>{sheet.title}</Text>
          <Text size="sm" c="dimmed">
            {dates.formatDateTime(sheet.eventDate)}
          </Text>
          <Text size="sm" mt={4}>
            {i18n._(
              '{slots, plural, one {# upcoming slot} other {# upcoming slots}} · {volunteers, plural, one {# volunteer} other {# volunteers}}',
              { slots: sheet.upcomingSlots, volunteers: sheet.volunteerCount },
            )}
          </Text>
          {sent.length === 0 ? (
            <Text size="xs" c="dimmed" mt={4}>
              {i18n._('No reminders sent yet')}
            </Text>
          ) : (
            sent.map((line) => (
              <Text key={line} size="xs" c="dimmed" mt={4}>
                {line}
              </Text>
            ))
          )}
        </div>
        <Group gap="xs">
          {reminderButtons.map(({ type, label }) => (
            <Button
              key={type}
              size="xs"
              variant="light"
              loading={sending === type}
              disabled={(sending !== null && sending !== type) || sheet.recipients[type] === 0}
              title={sheet.recipients[type] === 0 ? nobodyWaiting(i18n, type) : undefined}
              onClick={() => onSend(type)}
            >
              {i18n._(label)}
            </Button>
          ))}
        </Group>
      </Group>
    </Card>
  );
}

/**
 * For the quick action 'Go to Reminders': the ref to give ReminderManagement, and the call that
 * brings its section into view and focus.
 */
export function useGoToReminders(): { ref: RefObject<HTMLElement | null>; goToReminders: () => void } {
  const ref = useRef<HTMLElement>(null);
  const goToReminders = () => {
    const section = ref.current;
    if (!section) return;
    section.scrollIntoView({ behavior: 'smooth', block: 'start' });
    section.focus({ preventScroll: true });
  };
  return { ref, goToReminders };
}

export interface ReminderManagementProps {
  /** The section, so that the 'Send Reminder Emails' quick action can scroll to and focus it. */
  ref?: Ref<HTMLElement>;
}

/**
 * Email Reminder Management: how many volunteers need a reminder tomorrow, the events of the
 * coming week with volunteers and the reminders that went, and buttons to send each kind of
 * reminder by hand, each after a question naming how many volunteers it will email.
 */
export function ReminderManagement({ ref }: ReminderManagementProps) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const pending = trpc.reminders.pending.useQuery({ days: 1 });
  // The send asked about; it goes only once confirmed.
  const [asking, setAsking] = useState<{ sheet: ReminderSheet; type: ReminderType } | null>(null);
  const [sending, setSending] = useState<{ sheetId: number; type: ReminderType } | null>(null);
  const send = trpc.reminders.send.useMutation({
    onSuccess: (answer) => notifySuccess(i18n._('Reminders Sent'), answer.message),
    onError: (error) =>
      notifyFailure(i18n._('Reminder Failed'), error, error.message || i18n._('Failed to send reminders.')),
    onSettled: () => {
      setSending(null);
      setAsking(null);
      // What went, and who is still waiting, changed.
      void utils.reminders.pending.invalidate();
    },
  });

  const sheets = pending.data?.signupSheets ?? [];
  const list = (
    <QueryState
      query={{ isPending: pending.isPending, isError: pending.isError, data: sheets }}
      loading={<LoadingRows rows={2} height={72} gap="sm" />}
      failed={i18n._('Could not load reminders')}
      empty={
        <Text c="dimmed" ta="center" py="md">
          {i18n._('No upcoming events with volunteers')}
        </Text>
      }
    >
      {(upcoming) => (
        <Stack gap="sm">
          {upcoming.map((sheet) => (
            <ReminderEvent
              key={sheet.id}
              sheet={sheet}
              sending={sending?.sheetId === sheet.id ? sending.type : null}
              onSend={(type) => setAsking({ sheet, type })}
            />
          ))}
        </Stack>
      )}
    </QueryState>
  );

  return (
    <section ref={ref} tabIndex={-1} aria-labelledby="reminders-title" style={{ scrollMarginTop: 80, outline: 'none' }}>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group gap="xs">
            <MailIcon size={20} />
            <Title order={2} size="h3" id="reminders-title">
              {i18n._('Email Reminder Management')}
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SummaryTile
              label={i18n._('Volunteers Need Reminders Tomorrow')}
              value={pending.data?.count ?? 0}
              loading={pending.isPending}
            />
            <SummaryTile label={i18n._('Events Need Attention')} value={sheets.length} loading={pending.isPending} />
          </SimpleGrid>
          {list}
          <OnceOpened open={asking !== null}>
            {(opened) => (
              <ConfirmDialog
                opened={opened}
                title={i18n._('Send Reminder Emails')}
                message={asking ? sendQuestion(i18n, asking.sheet, asking.type) : ''}
                confirmLabel={i18n._('Send', undefined, { comment: 'A button: send the reminder emails' })}
                confirmColor="blue"
                loading={send.isPending}
                onCancel={() => {
                  if (!send.isPending) setAsking(null);
                }}
                onConfirm={() => {
                  if (asking === null || send.isPending) return;
                  setSending({ sheetId: asking.sheet.id, type: asking.type });
                  send.mutate({ signupSheetId: asking.sheet.id, reminderType: asking.type });
                }}
              />
            )}
          </OnceOpened>
          <Card withBorder padding="sm" bg="blue.0">
            <Text size="sm" fw={600} mb={4}>
              {i18n._('How reminders work')}
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>
                <Trans id="<0>Week Reminder:</0> sent 7 days before the event." components={{ 0: <strong /> }} />
              </List.Item>
              <List.Item>
                <Trans id="<0>Day Reminder:</0> sent 1 day before the event." components={{ 0: <strong /> }} />
              </List.Item>
              <List.Item>
                <Trans
                  id="<0>Day-of Reminder:</0> sent the morning of the event, with weather tips."
                  components={{ 0: <strong /> }}
                />
              </List.Item>
            </List>
            <Text size="xs" c="dimmed" mt={6}>
              {i18n._(
                'Reminders go only to volunteers who agreed to receive emails, and each volunteer gets each kind of reminder once.',
              )}
            </Text>
          </Card>
        </Stack>
      </Card>
    </section>
  );
}
