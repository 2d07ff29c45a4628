import { useLingui } from '@lingui/react';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DownloadIcon } from '../../../components/Icons';
import { QueryState } from '../../../components/QueryState';
import { notifyFailureText } from '../../../lib/notify';
import { downloadFile } from '../../../lib/uploads';
import { trpc } from '../../../trpc';
import { HeldDataSummary } from './HeldDataSummary';
import { myDataExport } from './myData';

/** Loads what is held about the signed-in person and shows it in words. */
function HeldDataView() {
  const { i18n } = useLingui();
  const data = trpc.privacy.exportMine.useQuery();
  return (
    <QueryState
      query={data}
      loading={
        <Stack gap="xs" aria-busy="true" aria-label={i18n._('Loading your data')}>
          <Skeleton height={18} width="40%" />
          <Skeleton height={72} />
          <Skeleton height={96} />
        </Stack>
      }
      failed={i18n._('Could not load your data')}
      onRetry={() => void data.refetch()}
    >
      {(held) => <HeldDataSummary data={held} />}
    </QueryState>
  );
}

/**
 * 'Your Data' on the signed-in person's own profile (API.md "Privacy"): 'Download my data' saves
 * everything PAC Hub holds about them as a JSON file and shows the same in words below; 'Show my
 * data' shows it without the file.
 */
export function MyDataCard() {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const [shown, setShown] = useState(false);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    // What is on screen is read afresh too, so that it says what the file says.
    if (shown) void utils.privacy.exportMine.invalidate();
    setShown(true);
    try {
      await downloadFile(myDataExport.path, myDataExport.filename);
    } catch (error) {
      notifyFailureText(
        i18n._('Download Failed'),
        error instanceof Error && error.message !== '' ? error.message : i18n._('Failed to download your data.'),
      );
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="my-data-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="my-data-title">
            {i18n._('Your Data')}
          </Title>
          <Text size="sm" c="dimmed">
            {i18n._(
              'Everything PAC Hub keeps about you: your account, each signup with its notes and answers, and every change to your email choices. Download it as a file, or read it here.',
            )}
          </Text>
        </div>
        <Group gap="sm">
          <Button leftSection={<DownloadIcon />} loading={downloading} onClick={() => void download()}>
            {i18n._('Download my data')}
          </Button>
          <Button
            variant="light"
            aria-expanded={shown}
            aria-controls="my-data-held"
            onClick={() => setShown((now) => !now)}
          >
            {shown ? i18n._('Hide my data') : i18n._('Show my data')}
          </Button>
        </Group>
        <div id="my-data-held">{shown && <HeldDataView />}</div>
      </Stack>
    </Card>
  );
}
