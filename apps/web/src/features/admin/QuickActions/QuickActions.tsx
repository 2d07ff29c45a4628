import { useLingui } from '@lingui/react';
import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CalendarIcon, ClockIcon, MailIcon } from '../../../components/Icons';
import { volunteerExportFilename, volunteerExportPath } from '../../../lib/uploads';
import { useCsvExport } from '../../../lib/useCsvExport';

export interface QuickActionsProps {
  /** Opens the Create New Signup Sheet dialog. */
  onCreateSheet: () => void;
  /** Brings the Email Reminder Management section into view. */
  onSendReminders: () => void;
}

function ActionCard({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Card withBorder padding="lg" role="group" aria-label={title}>
      <Stack gap="sm" h="100%">
        <ThemeIcon variant="light" size="xl" radius="md">
          {icon}
        </ThemeIcon>
        <Title order={3} size="h5">
          {title}
        </Title>
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          {text}
        </Text>
        {action}
      </Stack>
    </Card>
  );
}

/** Three quick-action cards: create a sheet, export volunteer hours, send reminder emails. */
export function QuickActions({ onCreateSheet, onSendReminders }: QuickActionsProps) {
  const { i18n } = useLingui();
  const { exporting, exportCsv } = useCsvExport();
  const exportHours = () => exportCsv(volunteerExportPath, volunteerExportFilename);

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
      <ActionCard
        icon={<CalendarIcon size={22} />}
        title={i18n._('Create New Signup Sheet')}
        text={i18n._('Set up a new event and add the volunteer slots it needs.')}
        action={<Button onClick={onCreateSheet}>{i18n._('New Signup Sheet')}</Button>}
      />
      <ActionCard
        icon={<ClockIcon size={22} />}
        title={i18n._('Export Volunteer Hours')}
        text={i18n._('Download every signup with its slot times and hours as a CSV file.')}
        action={
          <Button variant="light" loading={exporting} onClick={() => void exportHours()}>
            {i18n._('Export CSV')}
          </Button>
        }
      />
      <ActionCard
        icon={<MailIcon size={22} />}
        title={i18n._('Send Reminder Emails')}
        text={i18n._('Remind volunteers about their upcoming shifts.')}
        action={
          <Button variant="light" onClick={onSendReminders}>
            {i18n._('Go to Reminders')}
          </Button>
        }
      />
    </SimpleGrid>
  );
}
