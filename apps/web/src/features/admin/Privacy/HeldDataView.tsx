import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Badge, Box, Card, List, Stack, Text, Title } from '@mantine/core';
import { answerText } from '@pac/validators';
import type { ReactNode } from 'react';
import { useDates } from '../../../lib/language';
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

const yesNo = (i18n: I18n, value: boolean) => (value ? i18n._('Yes') : i18n._('No'));

function attendance(i18n: I18n, attended: boolean | null): string {
  if (attended === null) return i18n._('Not marked', undefined, { comment: 'Attendance: not recorded yet' });
  return attended ? i18n._('Came') : i18n._('Did not come');
}

/** One signup as held: its sheet, slot and time on the school's clock, status, contact details, notes and answers. */
function SignupCard({ signup }: { signup: HeldSignup }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const none = i18n._('None', undefined, { comment: 'No value held (no phone number, no notes, no answers)' });
  const titleId = `privacy-signup-${signup.id}`;
  const answers =
    signup.answers.length === 0 ? (
      none
    ) : (
      <List size="sm" spacing={2} withPadding={false} listStyleType="none">
        {signup.answers.map((a) => (
          <List.Item key={a.question}>
            {i18n._(
              '{question}: {answer}',
              { question: a.question, answer: answerText(a.answer) },
              { comment: 'A question the organizer asked, and the volunteer’s answer' },
            )}
          </List.Item>
        ))}
      </List>
    );
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <div>
          <Title order={5} size="h6" id={titleId}>
            {i18n._(
              '{sheet}: {slot}',
              { sheet: signup.sheet.title, slot: signup.slot.title },
              { comment: 'A signup sheet and one of its slots' },
            )}
          </Title>
          <Text size="sm" c="dimmed">
            {dates.formatSlotWhen(signup.slot.startTime, signup.slot.endTime, signup.sheet.eventDate)}
          </Text>
          <Badge mt={4} size="sm" variant="light" color={signup.status === 'confirmed' ? 'teal' : 'yellow'}>
            {signup.status === 'confirmed' ? i18n._('Confirmed') : i18n._('On the waitlist')}
          </Badge>
        </div>
        <Facts
          items={[
            [i18n._('Name', undefined, { comment: "A label: a person's name" }), signup.name],
            [i18n._('Email', undefined, { comment: "A label: a person's email address" }), signup.email],
            [i18n._('Phone'), signup.phone || none],
            [i18n._('Notes'), signup.notes ?? none],
            [i18n._('Answers'), answers],
            ...(signup.quantity > 1 ? [[i18n._('Quantity'), String(signup.quantity)] as [string, ReactNode]] : []),
            [i18n._('Emails wanted'), yesNo(i18n, signup.emailConsent)],
            [i18n._('Attendance'), attendance(i18n, signup.attended)],
            [
              i18n._('Signed up', undefined, { comment: 'A label: when the person signed up' }),
              dates.formatDateTime(signup.signupTime),
            ],
            [i18n._('Organizer'), signup.sheet.organizerName],
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
  const { i18n } = useLingui();
  const dates = useDates();
  const { account, signups, consentHistory } = data;
  return (
    <Stack gap="lg">
      <Part id="privacy-account-title" title={i18n._('Account')}>
        {account ? (
          <Facts
            items={[
              [i18n._('Name', undefined, { comment: "A label: a person's name" }), account.name],
              [i18n._('Email', undefined, { comment: "A label: a person's email address" }), account.email],
              [
                i18n._('Phone'),
                account.phone ??
                  i18n._('None', undefined, { comment: 'No value held (no phone number, no notes, no answers)' }),
              ],
              [
                i18n._('Role', undefined, { comment: "A label: a person's role (administrator, organizer, member)" }),
                i18n._(roleLabels[account.role]),
              ],
              [i18n._('Email confirmed'), yesNo(i18n, account.emailVerified)],
              [i18n._('Emails wanted'), yesNo(i18n, account.emailConsent)],
              [i18n._('Joined'), dates.formatDateTime(account.createdAt)],
              [i18n._('Last login'), account.lastLoginAt ? dates.formatDateTime(account.lastLoginAt) : i18n._('Never')],
            ]}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {i18n._('No account uses this address.')}
          </Text>
        )}
      </Part>

      <Part id="privacy-signups-title" title={i18n._('Signups ({count})', { count: signups.length })}>
        {signups.length === 0 ? (
          <Text size="sm" c="dimmed">
            {i18n._('No signups use this address.')}
          </Text>
        ) : (
          signups.map((signup) => <SignupCard key={signup.id} signup={signup} />)
        )}
      </Part>

      <Part id="privacy-consent-title" title={i18n._('Consent history')}>
        {consentHistory.length === 0 ? (
          <Text size="sm" c="dimmed">
            {i18n._('No changes of email consent are recorded.')}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {consentHistory.map((record, index) => (
              <List.Item key={`${record.at.getTime()}-${index}`}>
                {i18n._(
                  '{change}, {when}',
                  { change: consentInWords(i18n, record), when: dates.formatDateTime(record.at) },
                  { comment: 'A change of email consent, then when it was made' },
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Part>
    </Stack>
  );
}
