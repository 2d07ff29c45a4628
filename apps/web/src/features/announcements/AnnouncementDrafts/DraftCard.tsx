// Loaded when a draft is waiting, with the part of Mantine's stylesheet that its fields and dialog use.
import '../../../styles/mantine-rest.css';
import { Trans, useLingui } from '@lingui/react';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { announcementCardPath } from '../../../lib/announcementCard';
import { useDates } from '../../../lib/language';
import { type Announcement, characterCount, type DraftEdits, postTextLength, postTextMax } from '../announcements';
import { draftEditErrors } from '../draftEditErrors';
import { useDraftActions } from '../useAnnouncements';
import { ChangedLines } from './ChangedLines';
import { RejectDialog } from './RejectDialog';

export interface DraftCardProps {
  draft: Announcement;
  /** The draft was approved or rejected (here or by another admin): it is leaving the list. */
  onDecided: () => void;
}

/** The card the post carries, as the admin's preview: its own 4:5 shape, no wider than a phone's column. */
function CardPreview({ id, alt }: { id: number; alt: string }) {
  return (
    <img
      src={announcementCardPath(id)}
      alt={alt}
      width={1080}
      height={1350}
      style={{
        display: 'block',
        width: '100%',
        maxWidth: 320,
        height: 'auto',
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-gray-3)',
      }}
    />
  );
}

const sameEdits = (a: DraftEdits, b: DraftEdits) => a.text === b.text && a.imageAlt === b.imageAlt;

/**
 * One draft for the admin to judge: the page and when the change was found, what it gained and
 * lost, the post's text and the card's description to edit (the text against Instagram's 2,200
 * characters), the card's preview, and 'Approve and post', 'Save changes' and 'Reject'.
 */
export function DraftCard({ draft, onDecided }: DraftCardProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const id = useId();
  const titleId = `${id}-title`;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const altRef = useRef<HTMLInputElement>(null);

  const server: DraftEdits = { text: draft.text, imageAlt: draft.imageAlt };
  const [base, setBase] = useState(server);
  const [edits, setEdits] = useState(server);
  const [refused, setRefused] = useState<Partial<Record<keyof DraftEdits, string>>>({});
  const [rejecting, setRejecting] = useState(false);

  // The draft changed on the server (saved here or by another admin): take its words, but keep
  // whatever the admin has typed since.
  if (!sameEdits(base, server)) {
    setBase(server);
    setEdits((current) => ({
      text: current.text === base.text ? server.text : current.text,
      imageAlt: current.imageAlt === base.imageAlt ? server.imageAlt : current.imageAlt,
    }));
  }

  const actions = useDraftActions(draft, {
    onDecided,
    onFieldError: (field, message) => {
      setRefused((current) => ({ ...current, [field]: message }));
      (field === 'text' ? textRef : altRef).current?.focus();
    },
  });

  const errors = { ...refused, ...draftEditErrors(i18n, edits) };
  const edited = !sameEdits(edits, server);
  const busy = actions.pending !== null;

  const edit = (field: keyof DraftEdits, value: string) => {
    setEdits((current) => ({ ...current, [field]: value }));
    setRefused((current) => ({ ...current, [field]: undefined }));
  };

  /** False (and focus on the first wrong field) when the edits cannot be sent as they are. */
  const valid = () => {
    if (errors.text !== undefined) textRef.current?.focus();
    else if (errors.imageAlt !== undefined) altRef.current?.focus();
    else return true;
    return false;
  };

  const over = postTextLength(edits.text) > postTextMax;

  return (
    <Card component="article" withBorder padding="md" aria-labelledby={titleId} style={{ minWidth: 0 }}>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {draft.monitorName}
          </Title>
          <Text size="sm" c="dimmed">
            <Trans
              id="Found <0>{when}</0>"
              comment="When the change on the watched page was found"
              values={{ when: dates.formatDateTime(draft.createdAt) }}
              components={{ 0: <time dateTime={draft.createdAt.toISOString()} /> }}
            />
          </Text>
          <Anchor
            href={draft.link}
            target="_blank"
            rel="noreferrer noopener"
            size="sm"
            style={{ overflowWrap: 'anywhere', alignSelf: 'flex-start' }}
          >
            {draft.link}
          </Anchor>
        </Stack>

        <ChangedLines added={draft.added} removed={draft.removed} idPrefix={id} />

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="sm" style={{ minWidth: 0 }}>
            <Textarea
              ref={textRef}
              label={i18n._('Post text')}
              description={
                <Text span size="xs" c={over ? 'red.9' : 'dimmed'}>
                  {characterCount(i18n, edits.text)}
                </Text>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={edits.text}
              onChange={(event) => edit('text', event.currentTarget.value)}
              error={errors.text}
              autosize
              minRows={5}
              maxRows={14}
              readOnly={busy}
            />
            <TextInput
              ref={altRef}
              label={i18n._('Image description')}
              description={i18n._('What the card shows, read aloud to people who cannot see it.')}
              value={edits.imageAlt}
              onChange={(event) => edit('imageAlt', event.currentTarget.value)}
              error={errors.imageAlt}
              readOnly={busy}
            />
          </Stack>
          <CardPreview id={draft.id} alt={edits.imageAlt} />
        </SimpleGrid>

        <Group gap="sm">
          <Button
            aria-describedby={titleId}
            loading={actions.pending === 'approve'}
            disabled={busy && actions.pending !== 'approve'}
            onClick={() => {
              if (valid()) void actions.approve(edits);
            }}
          >
            {i18n._('Approve and post')}
          </Button>
          <Button
            variant="default"
            aria-describedby={titleId}
            loading={actions.pending === 'save'}
            disabled={!edited || (busy && actions.pending !== 'save')}
            onClick={() => {
              if (valid()) void actions.save(edits);
            }}
          >
            {i18n._('Save changes')}
          </Button>
          <Button
            variant="light"
            color="red"
            aria-describedby={titleId}
            disabled={busy}
            onClick={() => setRejecting(true)}
          >
            {i18n._('Reject', undefined, { comment: 'A button: reject an announcement' })}
          </Button>
        </Group>
      </Stack>
      <RejectDialog
        opened={rejecting}
        pageName={draft.monitorName}
        loading={actions.pending === 'reject'}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) => {
          void actions.reject(reason).then((done) => done && setRejecting(false));
        }}
      />
    </Card>
  );
}
