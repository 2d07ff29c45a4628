import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CalendarIcon, ClockIcon } from '../../../components/Icons';
import { formatDate, formatDateTime, formatTimeRange } from '../../../lib/dates';
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
  const { slot, signupSheet: sheet } = entry;
  const status = historyStatus(sheet.eventDate, now);
  const when = formatTimeRange(slot.startTime, slot.endTime) ?? formatDateTime(sheet.eventDate);
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
              {hours > 0 && ` · ${formatHours(hours)} hours`}
            </Text>
          </Group>
          {entry.notes && (
            <Text size="sm" c="dimmed" fs="italic">
              Notes: {entry.notes}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-end">
          <Badge color={status === 'Upcoming' ? 'blue' : 'gray'} variant="light">
            {status}
          </Badge>
          {waitlisted && (
            <Badge color="orange" variant="outline">
              Waitlisted
            </Badge>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** A profile: account details, totals and the volunteer history (SPEC.md section 2, Profile). */
export function ProfileDetails({ profile, own, now = new Date() }: ProfileDetailsProps) {
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
                    Administrator
                  </Badge>
                )}
              </Group>
              <Text c="dimmed">Member since {formatDate(profile.createdAt)}</Text>
            </Stack>
            {own && (
              <Group gap="sm">
                <Button variant="light" onClick={own.onAccountSettings}>
                  Account Settings
                </Button>
                <Button variant="default" onClick={own.onChangePassword}>
                  Change Password
                </Button>
              </Group>
            )}
          </Group>
          <Stack gap="xs" component="section" aria-labelledby="account-details-title">
            <Title order={2} size="h4" id="account-details-title">
              Account Details
            </Title>
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
              <Detail label="Name">{profile.name}</Detail>
              <Detail label="Email">{profile.email}</Detail>
              <Detail label="Phone">{profile.phone ?? 'Not provided'}</Detail>
              <Detail label="Member since">{formatDate(profile.createdAt)}</Detail>
              <Detail label="Email updates">{profile.emailConsent ? 'Yes' : 'No'}</Detail>
            </SimpleGrid>
          </Stack>
        </Stack>
      </Card>

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stat label="Total Signups" value={String(profile.totalSignups)} />
        <Stat label="Total Hours" value={formatHours(profile.totalHours)} />
      </SimpleGrid>

      <Stack gap="md" component="section" aria-labelledby="history-title">
        <Title order={2} size="h3" id="history-title">
          Volunteer History
        </Title>
        {profile.volunteerHistory.length === 0 ? (
          <Card withBorder padding="xl" ta="center">
            <Stack align="center" gap="xs">
              <Text fw={600}>No Volunteer History Yet</Text>
              <Text c="dimmed" size="sm">
                Signups made with this account will appear here.
              </Text>
              <Button component={Link} to="/" variant="light" mt="xs">
                Browse Opportunities
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
