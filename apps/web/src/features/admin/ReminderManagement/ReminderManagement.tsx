import { Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type Ref, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { MailIcon } from '../../../components/Icons';
import { LoadingRows, QueryState } from '../../../components/QueryState';
import { formatDateTime } from '../../../lib/dates';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { formatWhen } from '../../monitoring/monitoring';

export type ReminderType = 'week' | 'day' | 'hour';

/** The three reminder buttons, in SPEC.md's order ('hour' is labelled day-of). */
export const reminderButtons: { type: ReminderType; label: string }[] = [
  { type: 'week', label: 'Week Reminder' },
  { type: 'day', label: 'Day Reminder' },
  { type: 'hour', label: 'Day-of Reminder' },
];

/** Each type's name in a sentence ('hour' is the day-of reminder). */
const reminderNames: Record<ReminderType, string> = { week: 'week', day: 'day', hour: 'day-of' };

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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** 'Week reminder sent Nov 21, 9:14 AM', one per type that went, in button order. */
export function sentLines(sent: ReminderSheet['remindersSent']): string[] {
  return reminderButtons.flatMap(({ type }) => {
    const at = sent[type];
    if (at === null) return [];
    const name = reminderNames[type];
    return [`${name.charAt(0).toUpperCase()}${name.slice(1)} reminder sent ${formatWhen(at)}`];
  });
}

/** The question before a send by hand: 'Send the week reminder to 4 volunteers for Library Book Fair?' */
export function sendQuestion(sheet: Pick<ReminderSheet, 'title' | 'recipients'>, type: ReminderType): string {
  return `Send the ${reminderNames[type]} reminder to ${plural(sheet.recipients[type], 'volunteer', 'volunteers')} for ${sheet.title}?`;
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
  const sent = sentLines(sheet.remindersSent);
  return (
    <Card withBorder padding="md" component="article" aria-label={sheet.title}>
      <Group justify="space-between" align="flex-start" gap="md">
        <div>
          <Text fw={600}>{sheet.title}</Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(sheet.eventDate)}
          </Text>
          <Text size="sm" mt={4}>
            {plural(sheet.upcomingSlots, 'upcoming slot', 'upcoming slots')} ·{' '}
            {plural(sheet.volunteerCount, 'volunteer', 'volunteers')}
          </Text>
          {sent.length === 0 ? (
            <Text size="xs" c="dimmed" mt={4}>
              No reminders sent yet
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
              title={
                sheet.recipients[type] === 0
                  ? `No volunteer is waiting for the ${reminderNames[type]} reminder`
                  : undefined
              }
              onClick={() => onSend(type)}
            >
              {label}
            </Button>
          ))}
        </Group>
      </Group>
    </Card>
  );
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
  const utils = trpc.useUtils();
  const pending = trpc.reminders.pending.useQuery({ days: 1 });
  // The send asked about; it goes only once confirmed.
  const [asking, setAsking] = useState<{ sheet: ReminderSheet; type: ReminderType } | null>(null);
  const [sending, setSending] = useState<{ sheetId: number; type: ReminderType } | null>(null);
  const send = trpc.reminders.send.useMutation({
    onSuccess: (answer) => notifySuccess('Reminders Sent', answer.message),
    onError: (error) => notifyFailure('Reminder Failed', error, error.message || 'Failed to send reminders.'),
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
      failed="Could not load reminders"
      empty={
        <Text c="dimmed" ta="center" py="md">
          No upcoming events with volunteers
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
              Email Reminder Management
            </Title>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <SummaryTile
              label="Volunteers Need Reminders Tomorrow"
              value={pending.data?.count ?? 0}
              loading={pending.isPending}
            />
            <SummaryTile label="Events Need Attention" value={sheets.length} loading={pending.isPending} />
          </SimpleGrid>
          {list}
          <ConfirmDialog
            opened={asking !== null}
            title="Send Reminder Emails"
            message={asking ? sendQuestion(asking.sheet, asking.type) : ''}
            confirmLabel="Send"
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
          <Card withBorder padding="sm" bg="blue.0">
            <Text size="sm" fw={600} mb={4}>
              How reminders work
            </Text>
            <List size="sm" spacing={2}>
              <List.Item>
                <strong>Week Reminder:</strong> sent 7 days before the event.
              </List.Item>
              <List.Item>
                <strong>Day Reminder:</strong> sent 1 day before the event.
              </List.Item>
              <List.Item>
                <strong>Day-of Reminder:</strong> sent the morning of the event, with weather tips.
              </List.Item>
            </List>
            <Text size="xs" c="dimmed" mt={6}>
              Reminders go only to volunteers who agreed to receive emails, and each volunteer gets each kind of
              reminder once.
            </Text>
          </Card>
        </Stack>
      </Card>
    </section>
  );
}
