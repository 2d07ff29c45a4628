import { useLingui } from '@lingui/react';
import { Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDates, useLanguage } from '../../../lib/language';
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
  const { i18n } = useLingui();
  const dates = useDates();
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="sm" m={0}>
      <Detail label={i18n._('Name')}>{account.name}</Detail>
      <Detail label={i18n._('Email')}>{account.email}</Detail>
      <Detail label={i18n._('Phone')}>{account.phone ?? i18n._('Not provided')}</Detail>
      <Detail label={i18n._('Role')}>{i18n._(roleLabels[account.role])}</Detail>
      <Detail label={i18n._('Email address confirmed')}>
        {account.emailVerified
          ? i18n._('Yes', undefined, { comment: 'The answer to a yes/no question' })
          : i18n._('No', undefined, { comment: 'The answer to a yes/no question' })}
      </Detail>
      <Detail label={i18n._('Email updates')}>
        {account.emailConsent
          ? i18n._('Yes', undefined, { comment: 'The answer to a yes/no question' })
          : i18n._('No', undefined, { comment: 'The answer to a yes/no question' })}
      </Detail>
      <Detail label={i18n._('Account created')}>{dates.formatDateTime(account.createdAt)}</Detail>
      <Detail label={i18n._('Last signed in')}>
        {account.lastLoginAt ? dates.formatDateTime(account.lastLoginAt) : i18n._('Never')}
      </Detail>
    </SimpleGrid>
  );
}

function SignupPart({ signup }: { signup: HeldSignup }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const { sheet, slot } = signup;
  const where = slot.location ?? sheet.location;
  return (
    <Card
      component="li"
      withBorder
      padding="md"
      aria-label={i18n._(
        '{sheet}: {slot}',
        { sheet: sheet.title, slot: slot.title },
        { comment: "A signup sheet's title, then the slot's" },
      )}
    >
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
          <Detail label={i18n._('When')}>{dates.formatSlotWhen(slot.startTime, slot.endTime, sheet.eventDate)}</Detail>
          {where && <Detail label={i18n._('Where')}>{where}</Detail>}
          <Detail label={i18n._('Status')}>{signupStatusText(i18n, signup.status)}</Detail>
          {signup.quantity > 1 && <Detail label={i18n._('How many')}>{signup.quantity}</Detail>}
          <Detail label={i18n._('Name on the signup')}>{signup.name}</Detail>
          <Detail label={i18n._('Email on the signup')}>{signup.email}</Detail>
          <Detail label={i18n._('Phone on the signup')}>
            {signup.phone === '' ? i18n._('Not provided') : signup.phone}
          </Detail>
          <Detail label={i18n._('Notes')}>{signup.notes ?? i18n._('None', undefined, { comment: 'No notes' })}</Detail>
          <Detail label={i18n._('Signed up')}>{dates.formatDateTime(signup.signupTime)}</Detail>
          <Detail label={i18n._('Reminder emails')}>
            {signup.emailConsent
              ? i18n._('Yes', undefined, { comment: 'The answer to a yes/no question' })
              : i18n._('No', undefined, { comment: 'The answer to a yes/no question' })}
          </Detail>
          <Detail label={i18n._('Attended')}>{attendedText(i18n, signup.attended)}</Detail>
          <Detail label={i18n._('Organizer')}>{sheet.organizerName}</Detail>
        </SimpleGrid>
        {signup.answers.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {i18n._('Your answers')}
            </Text>
            <Stack component="dl" gap={4} m={0}>
              {signup.answers.map(({ question, answer }) => (
                <div key={question}>
                  <Text component="dt" size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {question}
                  </Text>
                  <Text component="dd" m={0} size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                    {answerText(i18n, answer)}
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
  const { i18n } = useLingui();
  const dates = useDates();
  const { language } = useLanguage();
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {i18n._('What PAC Hub holds about you on {date}.', { date: dates.formatDateTime(data.exportedAt) })}
      </Text>

      <Stack gap="xs" component="section" aria-labelledby="my-data-account">
        <Title order={3} size="h5" id="my-data-account">
          {i18n._('Your account')}
        </Title>
        {data.account ? <AccountPart account={data.account} /> : <Text size="sm">{i18n._('No account.')}</Text>}
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="my-data-signups">
        <Title order={3} size="h5" id="my-data-signups">
          {i18n._('Your signups ({count})', { count: data.signups.length })}
        </Title>
        {data.signups.length === 0 ? (
          <Text size="sm" c="dimmed">
            {i18n._('No signups are held for you.')}
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
          {i18n._('Your email choices')}
        </Title>
        {data.consentHistory.length === 0 ? (
          <Text size="sm" c="dimmed">
            {i18n._('No changes to your email choices are recorded.')}
          </Text>
        ) : (
          <List size="sm" spacing={4}>
            {data.consentHistory.map((change, index) => (
              // Records carry no id, and two can share an instant; the list is never reordered.
              <List.Item key={`${change.at.getTime()}-${index}`}>{consentSentence(i18n, change, language)}</List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Stack>
  );
}
