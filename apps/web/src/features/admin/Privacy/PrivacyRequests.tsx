import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { Button, Card, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { privacyEmailSchema } from '@pac/validators';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadFailed, LoadingRows } from '../../../components/QueryState';
import { serverMessage } from '../../../lib/errors';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/schemaForm';
import { saveFile } from '../../../lib/uploads';
import { trpc } from '../../../trpc';
import { HeldDataView } from './HeldDataView';
import {
  erasedSummary,
  eraseQuestion,
  foundStatus,
  type HeldData,
  heldDataFile,
  heldSummary,
  holdsAnything,
} from './privacy';

interface FoundProps {
  data: HeldData;
  onErase: () => void;
  /** Moves focus to the results' heading when shown (after an erasure, whose button is gone). */
  focusTitle: boolean;
}

/** What a search found, with 'Download for the person' and, when anything is held, 'Erase everything'. */
function Found({ data, onErase, focusTitle }: FoundProps) {
  const { i18n } = useLingui();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle) title.current?.focus();
  }, [focusTitle]);
  const download = () => {
    const { filename, blob } = heldDataFile(data);
    saveFile(blob, filename);
  };
  const held = holdsAnything(data);
  return (
    <Stack gap="md" component="section" aria-labelledby="privacy-found-title">
      <div>
        <Title
          order={3}
          size="h4"
          id="privacy-found-title"
          ref={title}
          tabIndex={-1}
          style={{ overflowWrap: 'anywhere' }}
        >
          {i18n._('What is held about {email}', { email: data.email })}
        </Title>
        <Text size="sm" c="dimmed">
          {held ? heldSummary(i18n, data) : i18n._('Nothing is held about this address.')}
        </Text>
      </div>
      <Group gap="sm">
        <Button variant="default" onClick={download}>
          {i18n._('Download for the person')}
        </Button>
        {held && (
          <Button color="red" onClick={onErase}>
            {i18n._('Erase everything')}
          </Button>
        )}
      </Group>
      <HeldDataView data={data} />
    </Stack>
  );
}

/** What the status line tells a screen reader about the search. */
function searchStatus(i18n: I18n, find: { isPending: boolean; isError: boolean; data: HeldData | undefined }): string {
  if (find.isPending) return i18n._('Searching');
  if (find.isError) return i18n._('The search failed');
  if (!find.data) return '';
  return holdsAnything(find.data)
    ? foundStatus(i18n, find.data)
    : i18n._('Nothing is held about {email}', { email: find.data.email });
}

/**
 * 'Privacy requests' (administrators): answers a person's request by email address (BC's PIPA).
 * Find shows what is held (every search is logged); the person gets exactly that as a JSON file
 * made here; 'Erase everything' deletes the account and leaves the signups counted as 'Former
 * volunteer', then searches again, so what is shown is what the server still holds.
 */
export function PrivacyRequests() {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  // The data the confirmation is about; kept while the dialog closes so that its words stay.
  const [erasing, setErasing] = useState<{ data: HeldData; open: boolean } | null>(null);
  const [afterErase, setAfterErase] = useState(false);
  const { form, onSubmit } = useSchemaForm({ initialValues: { email: '' }, schema: privacyEmailSchema });

  // A search is an action the server logs, not a cached read: each Find asks again.
  const find = useMutation({
    mutationFn: (input: { email: string }) => utils.client.privacy.search.query(input),
    onSettled: () => utils.privacy.log.invalidate(),
  });
  const erase = trpc.privacy.erase.useMutation({
    onSuccess: (result, input) => {
      notifySuccess(i18n._('Data Erased'), erasedSummary(i18n, result));
      setAfterErase(true);
      find.mutate(input);
    },
    onError: (error) =>
      notifyFailure(i18n._('Erase Failed'), error, i18n._('Failed to erase the data. Please try again.')),
    onSettled: () => {
      setErasing((current) => current && { ...current, open: false });
      return utils.privacy.log.invalidate();
    },
  });

  const search = (input: { email: string }) => {
    setAfterErase(false);
    find.mutate(input);
  };

  let results = null;
  if (find.isPending) {
    results = <LoadingRows rows={3} height={48} label={i18n._('Searching')} />;
  } else if (find.isError) {
    results = (
      <LoadFailed
        title={i18n._('Could not search')}
        text={serverMessage(find.error) ?? i18n._('Please try again later.')}
        onRetry={() => {
          if (find.variables) search(find.variables);
        }}
      />
    );
  } else if (find.data) {
    const data = find.data;
    results = <Found data={data} focusTitle={afterErase} onErase={() => setErasing({ data, open: true })} />;
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="privacy-requests-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="privacy-requests-title">
            {i18n._('Privacy requests')}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._(
              "When someone asks what PAC Hub holds about them, or asks for it to be deleted, find their email address here. British Columbia's privacy law (PIPA) asks for an answer within 30 days. Every search and erasure is logged.",
            )}
          </Text>
        </div>
        <form onSubmit={onSubmit((parsed) => search(parsed))} noValidate style={{ maxWidth: '28rem' }}>
          <Stack gap="sm" align="flex-start">
            <TextInput
              label={i18n._('Email address')}
              name="email"
              type="email"
              autoComplete="off"
              placeholder="parent@example.org"
              w="100%"
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={find.isPending}>
              {i18n._('Find', undefined, { comment: 'A button: search for what is held about an email address' })}
            </Button>
          </Stack>
        </form>
        <VisuallyHidden role="status">{searchStatus(i18n, find)}</VisuallyHidden>
        {results}
      </Stack>
      <ConfirmDialog
        opened={erasing?.open ?? false}
        title={i18n._('Erase everything?')}
        message={erasing ? eraseQuestion(i18n, erasing.data) : ''}
        confirmLabel={i18n._('Erase everything')}
        loading={erase.isPending}
        onCancel={() => {
          if (!erase.isPending) setErasing((current) => current && { ...current, open: false });
        }}
        onConfirm={() => {
          if (erasing && !erase.isPending) erase.mutate({ email: erasing.data.email });
        }}
      />
    </Card>
  );
}
