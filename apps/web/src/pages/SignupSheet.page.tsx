import { useLingui } from '@lingui/react';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeftIcon } from '../components/Icons';
import { PageLayout } from '../components/PageLayout';
import { CenteredLoader, QueryState } from '../components/QueryState';
import { SheetDetails } from '../features/sheets/SheetDetails';
import { isNotFound } from '../lib/errors';
import { trpc } from '../trpc';

function SheetNotFound() {
  const { i18n } = useLingui();
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          {i18n._('Signup Sheet Not Found')}
        </Title>
        <Text c="dimmed">{i18n._('This signup sheet does not exist or has been removed.')}</Text>
        <Button component={Link} to="/" variant="light">
          {i18n._('Back to Home')}
        </Button>
      </Stack>
    </Card>
  );
}

/** /signup-sheet/:id — one sheet with its slots and the signup form. */
export default function SignupSheetPage() {
  const { id: rawId } = useParams();
  const { i18n } = useLingui();
  const id = Number(rawId);
  const validId = Number.isSafeInteger(id) && id > 0;
  const sheet = trpc.sheets.byId.useQuery({ id }, { enabled: validId });

  let content;
  // The sheet's own title once it is there (what its organizer typed), the page's kind until then.
  let title = i18n._('Signup Sheet');
  if (!validId || (sheet.isError && isNotFound(sheet.error))) {
    title = i18n._('Signup Sheet Not Found');
    content = <SheetNotFound />;
  } else {
    if (sheet.isSuccess) title = sheet.data.title;
    content = (
      <QueryState
        query={sheet}
        loading={<CenteredLoader label={i18n._('Loading signup sheet')} />}
        failed={i18n._('Could not load this signup sheet')}
      >
        {(data) => <SheetDetails sheet={data} fetchedAt={sheet.dataUpdatedAt} />}
      </QueryState>
    );
  }

  return (
    <PageLayout title={title}>
      <Anchor component={Link} to="/" size="sm" mb="md" display="inline-block">
        <Group gap={4} component="span" wrap="nowrap">
          <ArrowLeftIcon />
          {i18n._('Back to all opportunities')}
        </Group>
      </Anchor>
      {content}
    </PageLayout>
  );
}
