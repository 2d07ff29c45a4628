import { useLingui } from '@lingui/react';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CalendarIcon, ClockIcon } from '../../../components/Icons';
import { useDates } from '../../../lib/language';
import type { HistoryEntry, Profile } from '../../../types';
import { formatHours, historyStatus, orderHistory, slotHours } from '../profile';

export interface ProfileDetailsProps {
  profile: Profile;
  /** The viewer's own profile: offers Account Settings and Change Password. */
  own?: { onAccountSettings: () => void; onChangePassword: () => void };
  /** When history entries count as past; tests pin it. */
  now?: Date;
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="lg" role="group" aria-label={label}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={32} fw={700} lh={1.2}>
        {value}
      </Text>
    </Card>
  );
}

function HistoryItem({ entry, now }: { entry: HistoryEntry; now: Date }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const { slot, signupSheet: sheet } = entry;
  const status = historyStatus(sheet.eventDate, now);
  const when = dates.formatTimeRange(slot.startTime, slot.endTime) ?? dates.formatDateTime(sheet.eventDate);
  const waitlisted = entry.status === 'waitlisted';
  // A waitlisted signup holds no spot and counts no hours.
  const hours = waitlisted ? 0 : slotHours(slot);
  return (
    <Card component="li" withBorder padding="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`/signup-sheet/${sheet.id}`} fw={600}>
            {sheet.title}
          </Anchor>
          <Text size="sm" fw={500}>
            {slot.title}
          </Text>
          <Group gap={6} c="dimmed" wrap="nowrap">
            {slot.startTime ? <ClockIcon /> : <CalendarIcon />}
            <Text size="sm">
              {when}
              {hours > 0 &&
                ` · ${i18n._('{hours} hours', { hours: formatHours(hours) }, { comment: 'A number of hours with one decimal: 2.5 hours' })}`}
            </Text>
          </Group>
          {entry.notes && (
            <Text size="sm" c="dimmed" fs="italic">
              {i18n._('Notes: {notes}', { notes: entry.notes })}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge color={status === 'Upcoming' ? 'blue' : 'gray'} variant="light">
            {status === 'Upcoming' ? i18n._('Upcoming') : i18n._('Completed')}
          </Badge>
          {waitlisted && (
            <Badge color="orange" variant="outline">
              {i18n._('Waitlisted')}
            </Badge>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** A profile: account details, totals and the volunteer history (SPEC.md section 2, Profile). */
export function ProfileDetails({ profile, own, now = new Date() }: ProfileDetailsProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  return (
    <Stack gap="xl">
      <Card withBorder padding="xl">
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4}>
              <Group gap="sm">
                <Title order={1} size="h2">
                  {profile.name}
                </Title>
                {profile.isAdmin && (
                  <Badge color="violet" variant="filled">
                    {i18n._('Administrator')}
                  </Badge>
                )}
              </Group>
              <Text c="dimmed">{i18n._('Member since {date}', { date: dates.formatDate(profile.createdAt) })}</Text>
            </Stack>
            {own && (
              <Group gap="sm">
                <Button variant="light" onClick={own.onAccountSettings}>
                  {i18n._('Account Settings')}
                </Button>
                <Button variant="default" onClick={own.onChangePassword}>
                  {i18n._('Change Password')}
                </Button>
              </Group>
            )}
          </Group>
          <Stack gap="xs" component="section" aria-labelledby="account-details-title">
            <Title order={2} size="h4" id="account-details-title">
              {i18n._('Account Details')}
            </Title>
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
              <Detail label={i18n._('Name')}>{profile.name}</Detail>
              <Detail label={i18n._('Email')}>{profile.email}</Detail>
              <Detail label={i18n._('Phone')}>{profile.phone ?? i18n._('Not provided')}</Detail>
              <Detail label={i18n._('Member since')}>{dates.formatDate(profile.createdAt)}</Detail>
              <Detail label={i18n._('Email updates')}>
                {profile.emailConsent
                  ? i18n._('Yes', undefined, { comment: 'The answer to a yes/no question' })
                  : i18n._('No', undefined, { comment: 'The answer to a yes/no question' })}
              </Detail>
            </SimpleGrid>
          </Stack>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stat label={i18n._('Total Signups')} value={String(profile.totalSignups)} />
        <Stat label={i18n._('Total Hours')} value={formatHours(profile.totalHours)} />
      </SimpleGrid>

      <Stack gap="md" component="section" aria-labelledby="history-title">
        <Title order={2} size="h3" id="history-title">
          {i18n._('Volunteer History')}
        </Title>
        {profile.volunteerHistory.length === 0 ? (
          <Card withBorder padding="xl" ta="center">
            <Stack align="center" gap="xs">
              <Text fw={600}>{i18n._('No Volunteer History Yet')}</Text>
              <Text c="dimmed" size="sm">
                {i18n._('Signups made with this account will appear here.')}
              </Text>
              <Button component={Link} to="/" variant="light" mt="xs">
                {i18n._('Browse Opportunities')}
              </Button>
            </Stack>
          </Card>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {orderHistory(profile.volunteerHistory, now).map((entry) => (
              <HistoryItem key={entry.id} entry={entry} now={now} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
