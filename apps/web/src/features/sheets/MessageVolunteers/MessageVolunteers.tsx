// Loaded on demand (the sheet card's first screen needs none of it), with the part of Mantine's
// stylesheet that its modal and fields use.
import '../../../styles/mantine-rest.css';
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
import { formatDateTime, formatSlotWhen } from '../../../lib/dates';
import { apiIssues, errorField, errorReason, serverMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { trpc } from '../../../trpc';

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

const volunteersText = (n: number) => `${n} volunteer${n === 1 ? '' : 's'}`;

/** The composer's live count: 'This message will go to 7 volunteers'. */
export function recipientsText(n: number): string {
  return n === 0
    ? 'There are no volunteers to send this message to. Volunteers who stopped emails are left out.'
    : `This message will go to ${volunteersText(n)}`;
}

/** The notification after sending: 'Message sent to 7 volunteers'. */
export function sentText(n: number): string {
  return `Message sent to ${volunteersText(n)}`;
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
  const slot = values.to === everyone ? null : sheet.slots.find((s) => String(s.id) === values.to);
  return (
    <Paper withBorder p="md" radius="md" aria-label="Email preview" component="section">
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          To: each volunteer, one email each (no one sees another&apos;s address) · Reply-To: {sheet.organizerEmail}
        </Text>
        <Text fw={600}>
          {values.subject.trim() === '' ? '(no subject)' : values.subject.replace(/\s+/g, ' ').trim()}
        </Text>
        <Divider />
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {values.body.trim() === '' ? '(no message)' : values.body.trim()}
        </Text>
        <Divider />
        <Text size="sm">
          From {sheet.organizerName}, organizer of {sheet.title} ({formatDateTime(sheet.eventDate)})
        </Text>
        {slot && (
          <Text size="sm">
            Sent to the volunteers of {slot.title} ({formatSlotWhen(slot.startTime, slot.endTime, sheet.eventDate)}).
          </Text>
        )}
        <Text size="sm">Reply to this email to answer {sheet.organizerName}.</Text>
        <Text size="sm" c="blue">
          View the signup sheet · Change or cancel your signup
        </Text>
        <Text size="xs" c="dimmed">
          Stop reminders and messages to this address
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
      notifySuccess('Message Sent', sentText(answer.recipients));
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
      notifyFailure('Message Not Sent', error, 'The message could not be sent. Please try again.');
    },
    onSettled: async () => {
      await Promise.all([
        utils.messages.list.invalidate({ signupSheetId: sheet.id }),
        utils.messages.recipients.invalidate(),
      ]);
    },
  });

  const slotOptions = [
    { value: everyone, label: 'Everyone on this sheet' },
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
          label="To"
          data={slotOptions}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('to')}
        />
        <Checkbox
          label="Also send to the waitlist"
          {...form.getInputProps('includeWaitlisted', { type: 'checkbox' })}
        />
        <Text size="sm" fw={500} aria-live="polite" c={recipients === 0 ? 'orange.8' : undefined}>
          {recipients === null ? 'Counting the volunteers…' : recipientsText(recipients)}
        </Text>
        <TextInput label="Subject" required data-autofocus {...form.getInputProps('subject')} />
        <Textarea
          label="Message"
          description="Plain text. Each volunteer gets their own copy; replies come to you."
          required
          autosize
          minRows={5}
          maxRows={14}
          {...form.getInputProps('body')}
        />
        {preview && <MessagePreview sheet={sheet} values={form.values} />}
        {(refusal ?? (dayUsedUp ? sheetMessageMessages.tooManyMessages : null)) && (
          <Alert color="orange" role="alert">
            {refusal ?? sheetMessageMessages.tooManyMessages}
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
            Cancel
          </Button>
          <Button variant="light" onClick={() => setPreview((shown) => !shown)} aria-pressed={preview}>
            {preview ? 'Hide preview' : 'Preview'}
          </Button>
          <Button type="submit" loading={send.isPending} disabled={cannotSend}>
            Send
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One message of the log: when (school time), by whom, to whom and how many. */
function MessageLogEntry({ message }: { message: SheetMessageEntry }) {
  const to = message.slotTitle ?? (message.slotId === null ? 'Everyone on this sheet' : 'A slot since deleted');
  return (
    <Stack gap={2} component="li">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {message.subject}
      </Text>
      <Text size="sm" c="dimmed">
        {formatDateTime(message.sentAt)} · by {message.sentByName}
      </Text>
      <Group gap={6}>
        <Badge variant="light" color="teal">
          {volunteersText(message.recipients)}
        </Badge>
        <Badge variant="light" color="gray">
          {to}
        </Badge>
        {message.includeWaitlisted && (
          <Badge variant="light" color="orange">
            With waitlist
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
  const log = trpc.messages.list.useQuery({ signupSheetId: sheetId });
  return (
    <Stack gap="xs" component="section" aria-labelledby={`message-log-${sheetId}`}>
      <Title order={3} size="h5" id={`message-log-${sheetId}`}>
        Messages sent
      </Title>
      <Text size="xs" c="dimmed">
        A sheet can send {maxSheetMessagesPerDay} messages a day.
      </Text>
      {log.isPending ? (
        <Skeleton height={48} aria-label="Loading messages sent" />
      ) : log.isError ? (
        <Text size="sm" c="red">
          Could not load the messages sent.{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => void log.refetch()}>
            Try again
          </Anchor>
        </Text>
      ) : log.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No messages sent from this sheet yet.
        </Text>
      ) : (
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Messages sent">
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
  const phone = useMediaQuery('(max-width: 36em)');
  // Loaded on demand: opened one render after it mounts, so that the Modal notes where to give the
  // focus back (the button that opened it).
  const mounted = useMounted();
  return (
    <Modal
      opened={mounted && opened}
      onClose={onClose}
      title={sheet ? `Message volunteers: ${sheet.title}` : 'Message volunteers'}
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
