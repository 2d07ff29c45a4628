import { useLingui } from '@lingui/react';
import { Badge, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../components/QueryState';
import { notifyFailure, notifyFailureText, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { AdminEmailForm, SenderForm, type SenderValues } from './EmailForms';
import { LogoUpload } from './LogoUpload';

export interface EmailSettingsProps {
  /** Switches to the Website Monitoring tab, where each monitor's email setting lives. */
  onOpenMonitoring: () => void;
}

/** The notification types the product sends, all active (SPEC.md section 2); English, shown through `i18n._`. */
export const notificationTypes = [
  { name: /*i18n*/ 'School website changes', text: /*i18n*/ 'An email when a watched school page changes.' },
  { name: /*i18n*/ 'Volunteer confirmations', text: /*i18n*/ 'An email to each volunteer when they sign up.' },
  {
    name: /*i18n*/ 'Volunteer reminders',
    text: /*i18n*/ 'Week, day and day-of reminders to volunteers who asked for them.',
  },
] as const;

/** What is planned (English, shown through `i18n._`). */
export const futureEnhancements = [
  /*i18n*/ 'More recipients for notification emails',
  /*i18n*/ 'Email frequency preferences',
  /*i18n*/ 'Custom email templates',
  /*i18n*/ 'Integration with a bulk-mail provider such as Mailchimp or SendGrid',
] as const;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div style={{ textAlign: 'end', minWidth: 0, overflowWrap: 'anywhere' }}>{children}</div>
    </Group>
  );
}

function SectionCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={id}>
      <Stack gap="md">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** The Email Settings tab: the mail setup, who gets admin mail, who sends it, and the PAC logo. */
export function EmailSettings({ onOpenMonitoring }: EmailSettingsProps) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const status = trpc.notifications.emailStatus.useQuery();
  const adminEmail = trpc.settings.get.useQuery({ key: 'adminEmail' });
  const senderEmail = trpc.settings.get.useQuery({ key: 'senderEmail' });
  const [editing, setEditing] = useState<'adminEmail' | 'sender' | null>(null);

  const refresh = async () => {
    await Promise.all([utils.settings.get.invalidate(), utils.notifications.emailStatus.invalidate()]);
  };

  const saveSetting = trpc.settings.set.useMutation({ onSettled: refresh });
  const setSender = trpc.settings.setSender.useMutation({ onSettled: refresh });

  const saveAdminEmail = (value: string) =>
    saveSetting.mutate(
      { key: 'adminEmail', value },
      {
        onSuccess: () => {
          setEditing(null);
          notifySuccess(
            i18n._('Admin Email Updated'),
            i18n._('Notifications will be sent to {email}.', { email: value }),
          );
        },
        onError: (error) =>
          notifyFailure(i18n._('Update Failed'), error, i18n._('Failed to update the admin email. Please try again.')),
      },
    );

  // The address and the password in one call: the server saves both or neither.
  const saveSender = (values: SenderValues) =>
    setSender.mutate(values, {
      onSuccess: () => {
        setEditing(null);
        notifySuccess(
          i18n._('Sender Email Updated'),
          i18n._('Emails will be sent from {email}.', { email: values.senderEmail }),
        );
      },
      onError: (error) =>
        notifyFailure(i18n._('Update Failed'), error, i18n._('Failed to update the sender email. Please try again.')),
    });

  const testEmail = trpc.notifications.testEmail.useMutation({
    onSuccess: (answer) => {
      if (answer.success) notifySuccess(i18n._('Test Email Sent'), answer.message);
      else notifyFailureText(i18n._('Email test failed'), answer.message);
    },
    onError: (error) => notifyFailure(i18n._('Email test failed'), error, i18n._('The test email could not be sent.')),
  });

  const s = status.data;
  const currentAdminEmail = (adminEmail.data && 'value' in adminEmail.data ? adminEmail.data.value : null) ?? null;
  const currentSenderEmail = (senderEmail.data && 'value' in senderEmail.data ? senderEmail.data.value : null) ?? null;

  return (
    <Stack gap="lg">
      {status.isError && <LoadFailed title={i18n._('Could not load the email settings')} />}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard id="email-configuration-title" title={i18n._('Email Configuration')}>
          {status.isPending ? (
            <Stack gap="xs">
              <Skeleton height={16} />
              <Skeleton height={16} />
              <Skeleton height={16} />
            </Stack>
          ) : (
            <Stack gap="xs">
              <Row label={i18n._('Email service')}>
                <Badge color={s?.configured ? 'green' : 'red'} variant="light">
                  {s?.configured ? i18n._('Configured') : i18n._('Not configured')}
                </Badge>
              </Row>
              <Row label={i18n._('Default recipient')}>
                <Text size="sm">{s?.recipient ?? i18n._('Not set')}</Text>
              </Row>
              <Row label={i18n._('Templates')}>
                <Text size="sm">{i18n._('Change alerts, signup confirmations, reminders')}</Text>
              </Row>
            </Stack>
          )}
          <Button
            variant="light"
            style={{ alignSelf: 'flex-start' }}
            disabled={testEmail.isPending}
            onClick={() => testEmail.mutate()}
          >
            {testEmail.isPending ? i18n._('Sending...') : i18n._('Send Test Email')}
          </Button>
        </SectionCard>

        <SectionCard id="notification-types-title" title={i18n._('Notification Types')}>
          <Stack gap="xs">
            {notificationTypes.map((type) => (
              <Group key={type.name} justify="space-between" wrap="nowrap" gap="sm">
                <div>
                  <Text size="sm" fw={500}>
                    {i18n._(type.name)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {i18n._(type.text)}
                  </Text>
                </div>
                <Badge color="green" variant="light">
                  {i18n._('Active', undefined, { comment: 'A notification type is turned on (a badge)' })}
                </Badge>
              </Group>
            ))}
          </Stack>
          <Button variant="default" style={{ alignSelf: 'flex-start' }} onClick={onOpenMonitoring}>
            {i18n._('Per-monitor email settings')}
          </Button>
        </SectionCard>

        <SectionCard id="default-recipient-title" title={i18n._('Default Email Recipient')}>
          <Text size="sm" c="dimmed">
            {i18n._('Website change alerts and test emails go to this address.')}
          </Text>
          {editing === 'adminEmail' ? (
            <AdminEmailForm
              initialEmail={currentAdminEmail}
              submitting={saveSetting.isPending}
              onCancel={() => setEditing(null)}
              onSubmit={(values) => saveAdminEmail(values.adminEmail)}
            />
          ) : (
            <Group justify="space-between" wrap="nowrap">
              {adminEmail.isPending ? (
                <Skeleton height={16} width={180} />
              ) : (
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {currentAdminEmail ?? i18n._('No default email set')}
                </Text>
              )}
              <Button variant="light" onClick={() => setEditing('adminEmail')}>
                {i18n._('Edit')}
              </Button>
            </Group>
          )}
        </SectionCard>

        <SectionCard id="sender-title" title={i18n._('Email Sender Configuration')}>
          <Text size="sm" c="dimmed">
            {i18n._(
              'The Gmail account emails are sent from. Saving one here overrides the {user} and {password} environment settings.',
              { user: 'EMAIL_USER', password: 'EMAIL_APP_PASSWORD' },
            )}
          </Text>
          {editing === 'sender' ? (
            <SenderForm
              initialEmail={currentSenderEmail}
              submitting={setSender.isPending}
              onCancel={() => setEditing(null)}
              onSubmit={saveSender}
            />
          ) : (
            <Group justify="space-between" wrap="nowrap">
              {status.isPending ? (
                <Skeleton height={16} width={180} />
              ) : s?.senderSource === 'settings' && s.senderEmail ? (
                <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {s.senderEmail}
                </Text>
              ) : (
                <div>
                  <Text fw={500}>{i18n._('Using environment variable')}</Text>
                  <Text size="xs" c="dimmed">
                    {s?.environmentSender ?? i18n._('No sender is set in the environment either.')}
                  </Text>
                </div>
              )}
              <Button variant="light" onClick={() => setEditing('sender')}>
                {i18n._('Configure')}
              </Button>
            </Group>
          )}
        </SectionCard>
      </SimpleGrid>

      <LogoUpload />

      <SectionCard id="future-enhancements-title" title={i18n._('Future Enhancements')}>
        <List size="sm" spacing={4}>
          {futureEnhancements.map((item) => (
            <List.Item key={item}>{i18n._(item)}</List.Item>
          ))}
        </List>
      </SectionCard>
    </Stack>
  );
}
