// Loaded on demand (the sheet card's first screen needs none of it), with the part of Mantine's
// stylesheet that its modal and fields use.
import '../../../styles/mantine-rest.css';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Divider,
  Group,
  Modal,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery, useMounted } from '@mantine/hooks';
import type { RouterOutputs } from '@pac/api';
import { maxSheetMessagesPerDay, sheetMessageMessages, sheetMessageSchema } from '@pac/validators';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { catalogText } from '../../../lib/catalogText';
import { apiIssues, errorField, errorReason, serverMessage } from '../../../lib/errors';
import { useDates } from '../../../lib/language';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { trpc } from '../../../trpc';
import { volunteerCountText } from '../slots';

/** What the composer needs of the sheet whose volunteers it writes to. */
export interface MessageSheet {
  id: number;
  title: string;
  eventDate: Date;
  organizerName: string;
  organizerEmail: string;
  slots: readonly { id: number; title: string; startTime: Date | null; endTime: Date | null }[];
}

export type SheetMessageEntry = RouterOutputs['messages']['list'][number];

/** The To select's value for the whole sheet (a slot's is its id). */
const everyone = 'all';

/** The composer's live count: 'This message will go to 7 volunteers'. */
export function recipientsText(i18n: I18n, n: number): string {
  return i18n._(
    '{count, plural, =0 {There are no volunteers to send this message to. Volunteers who stopped emails are left out.} one {This message will go to # volunteer} other {This message will go to # volunteers}}',
    { count: n },
  );
}

/** The notification after sending: 'Message sent to 7 volunteers'. */
export function sentText(i18n: I18n, n: number): string {
  return i18n._('{count, plural, one {Message sent to # volunteer} other {Message sent to # volunteers}}', {
    count: n,
  });
}

interface ComposerValues extends Record<string, unknown> {
  /** `everyone`, or the id of one slot. */
  to: string;
  includeWaitlisted: boolean;
  subject: string;
  body: string;
}

const initialValues: ComposerValues = { to: everyone, includeWaitlisted: false, subject: '', body: '' };

/** The server's field names, as the form calls them. */
const formField = (field: string) => (field === 'slotId' ? 'to' : field);

function audienceOf(sheetId: number, values: Pick<ComposerValues, 'to' | 'includeWaitlisted'>) {
  return {
    signupSheetId: sheetId,
    ...(values.to === everyone ? {} : { slotId: Number(values.to) }),
    includeWaitlisted: values.includeWaitlisted,
  };
}

/** How the email will read: the organizer's words, then the lines every copy adds (as packages/notify writes them). */
export function MessagePreview({ sheet, values }: { sheet: MessageSheet; values: ComposerValues }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const slot = values.to === everyone ? null : sheet.slots.find((s) => String(s.id) === values.to);
  return (
    <Paper withBorder p="md" radius="md" aria-label={i18n._('Email preview')} component="section">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {i18n._("To: each volunteer, one email each (no one sees another's address) · Reply-To: {email}", {
            email: sheet.organizerEmail,
          })}
        </Text>
        <Text fw={600}>
          {values.subject.trim() === '' ? i18n._('(no subject)') : values.subject.replace(/\s+/g, ' ').trim()}
        </Text>
        <Divider />
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {values.body.trim() === '' ? i18n._('(no message)') : values.body.trim()}
        </Text>
        <Divider />
        <Text size="sm">
          {i18n._('From {name}, organizer of {sheet} ({date})', {
            name: sheet.organizerName,
            sheet: sheet.title,
            date: dates.formatDateTime(sheet.eventDate),
          })}
        </Text>
        {slot && (
          <Text size="sm">
            {i18n._('Sent to the volunteers of {slot} ({when}).', {
              slot: slot.title,
              when: dates.formatSlotWhen(slot.startTime, slot.endTime, sheet.eventDate),
            })}
          </Text>
        )}
        <Text size="sm">{i18n._('Reply to this email to answer {name}.', { name: sheet.organizerName })}</Text>
        <Text size="sm" c="blue">
          {i18n._('View the signup sheet')} · {i18n._('Change or cancel your signup')}
        </Text>
        <Text size="xs" c="dimmed">
          {i18n._('Stop reminders and messages to this address')}
        </Text>
      </Stack>
    </Paper>
  );
}

export interface MessageComposerProps {
  sheet: MessageSheet;
  onCancel: () => void;
}

/**
 * Writes to the volunteers of a sheet, or of one slot (with its waitlist when ticked): a live count
 * of who it will reach, a preview of the email, and Send. A refusal shows on its field, or above
 * Send (the day's messages used up, no sender, nobody to write to).
 */
export function MessageComposer({ sheet, onCancel }: MessageComposerProps) {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const { form, onSubmit, reset, showFieldErrors } = useSchemaForm({
    initialValues,
    schema: sheetMessageSchema,
    toInput: (values: ComposerValues) => ({
      ...audienceOf(sheet.id, values),
      subject: values.subject,
      body: values.body,
    }),
  });
  const [preview, setPreview] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const audience = audienceOf(sheet.id, form.values);
  const count = trpc.messages.recipients.useQuery(audience, { placeholderData: keepPreviousData });
  const recipients = count.data?.recipients ?? null;
  const dayUsedUp = count.data?.messagesLeftToday === 0;

  const send = trpc.messages.send.useMutation({
    onSuccess: (answer) => {
      notifySuccess(i18n._('Message Sent'), sentText(i18n, answer.recipients));
      reset();
      setPreview(false);
    },
    onError: (error) => {
      const reason = errorReason(error);
      const field = errorField(error);
      const message = serverMessage(error);
      const issue = apiIssues(error)[0];
      if (reason === 'invalidInput' && issue && showFieldErrors({ [formField(issue.path)]: issue.message })) return;
      if (field !== null && message !== null && showFieldErrors({ [formField(field)]: message })) return;
      if (message !== null && (reason === 'tooManyMessages' || reason === 'mailNotConfigured')) {
        setRefusal(message);
        return;
      }
      notifyFailure(i18n._('Message Not Sent'), error, i18n._('The message could not be sent. Please try again.'));
    },
    onSettled: async () => {
      await Promise.all([
        utils.messages.list.invalidate({ signupSheetId: sheet.id }),
        utils.messages.recipients.invalidate(),
      ]);
    },
  });

  const slotOptions = [
    { value: everyone, label: i18n._('Everyone on this sheet') },
    ...sheet.slots.map((slot) => ({ value: String(slot.id), label: slot.title })),
  ];
  const cannotSend = recipients === 0 || dayUsedUp;

  return (
    <form
      onSubmit={onSubmit((input) => {
        setRefusal(null);
        send.mutate(input);
      })}
      noValidate
    >
      <Stack gap="sm">
        <Select
          label={i18n._({
            id: 'To (the people a message goes to)',
            message: 'To',
            comment: 'The label of the recipients of a message; English shows "To"',
          })}
          data={slotOptions}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('to')}
        />
        <Checkbox
          label={i18n._('Also send to the waitlist')}
          {...form.getInputProps('includeWaitlisted', { type: 'checkbox' })}
        />
        <Text size="sm" fw={500} aria-live="polite" c={recipients === 0 ? 'orange.8' : undefined}>
          {recipients === null ? i18n._('Counting the volunteers…') : recipientsText(i18n, recipients)}
        </Text>
        <TextInput label={i18n._('Subject')} required data-autofocus {...form.getInputProps('subject')} />
        <Textarea
          label={i18n._('Message', undefined, { comment: 'The text of a message to volunteers' })}
          description={i18n._('Plain text. Each volunteer gets their own copy; replies come to you.')}
          required
          autosize
          minRows={5}
          maxRows={14}
          {...form.getInputProps('body')}
        />
        {preview && <MessagePreview sheet={sheet} values={form.values} />}
        {(refusal ?? (dayUsedUp ? sheetMessageMessages.tooManyMessages : null)) && (
          <Alert color="orange" role="alert">
            {refusal ?? catalogText(i18n, sheetMessageMessages.tooManyMessages)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="sm" wrap="wrap">
          <Button
            variant="default"
            disabled={send.isPending}
            onClick={() => {
              reset();
              setRefusal(null);
              setPreview(false);
              onCancel();
            }}
          >
            {i18n._('Cancel', undefined, { comment: 'Button that closes a form without saving' })}
          </Button>
          <Button variant="light" onClick={() => setPreview((shown) => !shown)} aria-pressed={preview}>
            {preview
              ? i18n._('Hide preview')
              : i18n._('Preview', undefined, { comment: 'Button that shows a preview' })}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={cannotSend}>
            {i18n._('Send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One message of the log: when (school time), by whom, to whom and how many. */
function MessageLogEntry({ message }: { message: SheetMessageEntry }) {
  const { i18n } = useLingui();
  const dates = useDates();
  const to =
    message.slotTitle ?? (message.slotId === null ? i18n._('Everyone on this sheet') : i18n._('A slot since deleted'));
  return (
    <Stack gap={2} component="li">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {message.subject}
      </Text>
      <Text size="sm" c="dimmed">
        {i18n._('{date} · by {name}', { date: dates.formatDateTime(message.sentAt), name: message.sentByName })}
      </Text>
      <Group gap={6}>
        <Badge variant="light" color="teal">
          {volunteerCountText(i18n, message.recipients)}
        </Badge>
        <Badge variant="light" color="gray">
          {to}
        </Badge>
        {message.includeWaitlisted && (
          <Badge variant="light" color="orange">
            {i18n._('With waitlist')}
          </Badge>
        )}
      </Group>
      <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
    </Stack>
  );
}

/** The messages sent from this sheet, newest first. */
export function MessageLog({ sheetId }: { sheetId: number }) {
  const { i18n } = useLingui();
  const log = trpc.messages.list.useQuery({ signupSheetId: sheetId });
  return (
    <Stack gap="xs" component="section" aria-labelledby={`message-log-${sheetId}`}>
      <Title order={3} size="h5" id={`message-log-${sheetId}`}>
        {i18n._('Messages sent')}
      </Title>
      <Text size="xs" c="dimmed">
        {i18n._('{count, plural, other {A sheet can send # messages a day.}}', { count: maxSheetMessagesPerDay })}
      </Text>
      {log.isPending ? (
        <Skeleton height={48} aria-label={i18n._('Loading messages sent')} />
      ) : log.isError ? (
        <Text size="sm" c="red">
          {i18n._('Could not load the messages sent.')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void log.refetch()}>
            {i18n._('Try again')}
          </Anchor>
        </Text>
      ) : log.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {i18n._('No messages sent from this sheet yet.')}
        </Text>
      ) : (
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={i18n._('Messages sent')}>
          {log.data.map((message) => (
            <MessageLogEntry key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

export interface MessageVolunteersDialogProps {
  opened: boolean;
  /** The sheet written to (kept while the dialog closes, so its content does not vanish). */
  sheet: MessageSheet | null;
  onClose: () => void;
}

/** 'Message volunteers': the composer and, below it, the messages sent. Full screen on a phone. */
export function MessageVolunteersDialog({ opened, sheet, onClose }: MessageVolunteersDialogProps) {
  const { i18n } = useLingui();
  const phone = useMediaQuery('(max-width: 36em)');
  // Loaded on demand: opened one render after it mounts, so that the Modal notes where to give the
  // focus back (the button that opened it).
  const mounted = useMounted();
  return (
    <Modal
      opened={mounted && opened}
      onClose={onClose}
      title={sheet ? i18n._('Message volunteers: {title}', { title: sheet.title }) : i18n._('Message volunteers')}
      size="lg"
      fullScreen={phone === true}
    >
      {sheet && (
        <Stack gap="lg">
          <MessageComposer key={sheet.id} sheet={sheet} onCancel={onClose} />
          <Divider />
          <MessageLog sheetId={sheet.id} />
        </Stack>
      )}
    </Modal>
  );
}
