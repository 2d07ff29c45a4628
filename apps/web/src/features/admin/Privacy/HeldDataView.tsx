import { Badge, Box, Card, List, Stack, Text, Title } from '@mantine/core';
import { answerText } from '@pac/validators';
import type { ReactNode } from 'react';
import { formatDateTime, formatSlotWhen } from '../../../lib/dates';
import { roleLabels } from '../People';
import { consentInWords, type HeldData, type HeldSignup } from './privacy';

/**
 * A list of labelled facts (`<dl>`): the label above its value, which wraps however long; one
 * column on a phone, as many as fit on a wider screen.
 */
function Facts({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <Box
      component="dl"
      m={0}
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 15rem), 1fr))',
        gap: 'var(--mantine-spacing-xs) var(--mantine-spacing-lg)',
      }}
    >
      {items.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {value}
          </Text>
        </div>
      ))}
    </Box>
  );
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function attendance(attended: boolean | null): string {
  if (attended === null) return 'Not marked';
  return attended ? 'Came' : 'Did not come';
}

/** One signup as held: its sheet, slot and time on the school's clock, status, contact details, notes and answers. */
function SignupCard({ signup }: { signup: HeldSignup }) {
  const titleId = `privacy-signup-${signup.id}`;
  const answers =
    signup.answers.length === 0 ? (
      'None'
    ) : (
      <List size="sm" spacing={2} withPadding={false} listStyleType="none">
        {signup.answers.map((a) => (
          <List.Item key={a.question}>
            {a.question}: {answerText(a.answer)}
          </List.Item>
        ))}
      </List>
    );
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={5} size="h6" id={titleId}>
            {signup.sheet.title}: {signup.slot.title}
          </Title>
          <Text size="sm" c="dimmed">
            {formatSlotWhen(signup.slot.startTime, signup.slot.endTime, signup.sheet.eventDate)}
          </Text>
          <Badge mt={4} size="sm" variant="light" color={signup.status === 'confirmed' ? 'teal' : 'yellow'}>
            {signup.status === 'confirmed' ? 'Confirmed' : 'On the waitlist'}
          </Badge>
        </div>
        <Facts
          items={[
            ['Name', signup.name],
            ['Email', signup.email],
            ['Phone', signup.phone || 'None'],
            ['Notes', signup.notes ?? 'None'],
            ['Answers', answers],
            ...(signup.quantity > 1 ? [['Quantity', String(signup.quantity)] as [string, ReactNode]] : []),
            ['Emails wanted', yesNo(signup.emailConsent)],
            ['Attendance', attendance(signup.attended)],
            ['Signed up', formatDateTime(signup.signupTime)],
            ['Organizer', signup.sheet.organizerName],
          ]}
        />
      </Stack>
    </Card>
  );
}

function Part({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={4} size="h5" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * Everything a search found about one address, in words: the account (if any), each signup, and
 * the consent history, oldest first, every time on the school's clock.
 */
export function HeldDataView({ data }: { data: HeldData }) {
  const { account, signups, consentHistory } = data;
  return (
    <Stack gap="lg">
      <Part id="privacy-account-title" title="Account">
        {account ? (
          <Facts
            items={[
              ['Name', account.name],
              ['Email', account.email],
              ['Phone', account.phone ?? 'None'],
              ['Role', roleLabels[account.role]],
              ['Email confirmed', yesNo(account.emailVerified)],
              ['Emails wanted', yesNo(account.emailConsent)],
              ['Joined', formatDateTime(account.createdAt)],
              ['Last login', account.lastLoginAt ? formatDateTime(account.lastLoginAt) : 'Never'],
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No account uses this address.
          </Text>
        )}
      </Part>

      <Part id="privacy-signups-title" title={`Signups (${signups.length})`}>
        {signups.length === 0 ? (
          <Text size="sm" c="dimmed">
            No signups use this address.
          </Text>
        ) : (
          signups.map((signup) => <SignupCard key={signup.id} signup={signup} />)
        )}
      </Part>

      <Part id="privacy-consent-title" title="Consent history">
        {consentHistory.length === 0 ? (
          <Text size="sm" c="dimmed">
            No changes of email consent are recorded.
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {consentHistory.map((record, index) => (
              <List.Item key={`${record.at.getTime()}-${index}`}>
                {consentInWords(record)}, {formatDateTime(record.at)}
              </List.Item>
            ))}
          </List>
        )}
      </Part>
    </Stack>
  );
}
