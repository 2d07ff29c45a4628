import { Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, formatSlotWhen } from '../../../lib/dates';
import {
  answerText,
  attendedText,
  consentSentence,
  type HeldAccount,
  type HeldData,
  type HeldSignup,
  roleLabels,
  signupStatusText,
} from './myData';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" size="xs" tt="uppercase" fw={700} c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
        {children}
      </Text>
    </Stack>
  );
}

function AccountPart({ account }: { account: HeldAccount }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
      <Detail label="Name">{account.name}</Detail>
      <Detail label="Email">{account.email}</Detail>
      <Detail label="Phone">{account.phone ?? 'Not provided'}</Detail>
      <Detail label="Role">{roleLabels[account.role]}</Detail>
      <Detail label="Email address confirmed">{account.emailVerified ? 'Yes' : 'No'}</Detail>
      <Detail label="Email updates">{account.emailConsent ? 'Yes' : 'No'}</Detail>
      <Detail label="Account created">{formatDateTime(account.createdAt)}</Detail>
      <Detail label="Last signed in">{account.lastLoginAt ? formatDateTime(account.lastLoginAt) : 'Never'}</Detail>
    </SimpleGrid>
  );
}

function SignupPart({ signup }: { signup: HeldSignup }) {
  const { sheet, slot } = signup;
  const where = slot.location ?? sheet.location;
  return (
    <Card component="li" withBorder padding="md" aria-label={`${sheet.title}: ${slot.title}`}>
      <Stack gap="sm">
        <div>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {sheet.title}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {slot.title}
          </Text>
        </div>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
          <Detail label="When">{formatSlotWhen(slot.startTime, slot.endTime, sheet.eventDate)}</Detail>
          {where && <Detail label="Where">{where}</Detail>}
          <Detail label="Status">{signupStatusText(signup.status)}</Detail>
          {signup.quantity > 1 && <Detail label="How many">{signup.quantity}</Detail>}
          <Detail label="Name on the signup">{signup.name}</Detail>
          <Detail label="Email on the signup">{signup.email}</Detail>
          <Detail label="Phone on the signup">{signup.phone === '' ? 'Not provided' : signup.phone}</Detail>
          <Detail label="Notes">{signup.notes ?? 'None'}</Detail>
          <Detail label="Signed up">{formatDateTime(signup.signupTime)}</Detail>
          <Detail label="Reminder emails">{signup.emailConsent ? 'Yes' : 'No'}</Detail>
          <Detail label="Attended">{attendedText(signup.attended)}</Detail>
          <Detail label="Organizer">{sheet.organizerName}</Detail>
        </SimpleGrid>
        {signup.answers.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Your answers
            </Text>
            <Stack component="dl" gap={4} m={0}>
              {signup.answers.map(({ question, answer }) => (
                <div key={question}>
                  <Text component="dt" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {question}
                  </Text>
                  <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {answerText(answer)}
                  </Text>
                </div>
              ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

/**
 * What the export holds, in words: the account, each signup (its sheet, slot, time on the
 * school's clock, status, notes and answers) and the history of the person's email choices.
 */
export function HeldDataSummary({ data }: { data: HeldData }) {
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        What PAC Hub holds about you on {formatDateTime(data.exportedAt)}.
      </Text>

      <Stack gap="xs" component="section" aria-labelledby="my-data-account">
        <Title order={3} size="h5" id="my-data-account">
          Your account
        </Title>
        {data.account ? <AccountPart account={data.account} /> : <Text size="sm">No account.</Text>}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="my-data-signups">
        <Title order={3} size="h5" id="my-data-signups">
          Your signups ({data.signups.length})
        </Title>
        {data.signups.length === 0 ? (
          <Text size="sm" c="dimmed">
            No signups are held for you.
          </Text>
        ) : (
          <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
            {data.signups.map((signup) => (
              <SignupPart key={signup.id} signup={signup} />
            ))}
          </Stack>
        )}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="my-data-consent">
        <Title order={3} size="h5" id="my-data-consent">
          Your email choices
        </Title>
        {data.consentHistory.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes to your email choices are recorded.
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {data.consentHistory.map((change, index) => (
              // Records carry no id, and two can share an instant; the list is never reordered.
              <List.Item key={`${change.at.getTime()}-${index}`}>{consentSentence(change)}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
