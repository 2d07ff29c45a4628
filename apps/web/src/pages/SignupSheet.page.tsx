import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeftIcon } from '../components/Icons';
import { PageLayout } from '../components/PageLayout';
import { CenteredLoader, QueryState } from '../components/QueryState';
import { SheetDetails } from '../features/sheets/SheetDetails';
import { isNotFound } from '../lib/errors';
import { trpc } from '../trpc';

function SheetNotFound() {
  return (
    <Card withBorder padding="xl" maw={520} mx="auto" ta="center">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2">
          Signup Sheet Not Found
        </Title>
        <Text c="dimmed">This signup sheet does not exist or has been removed.</Text>
        <Button component={Link} to="/" variant="light">
          Back to Home
        </Button>
      </Stack>
    </Card>
  );
}

/** /signup-sheet/:id — one sheet with its slots and the signup form. */
export default function SignupSheetPage() {
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const validId = Number.isSafeInteger(id) && id > 0;
  const sheet = trpc.sheets.byId.useQuery({ id }, { enabled: validId });

  let content;
  let title = 'Signup Sheet';
  if (!validId || (sheet.isError && isNotFound(sheet.error))) {
    title = 'Signup Sheet Not Found';
    content = <SheetNotFound />;
  } else {
    if (sheet.isSuccess) title = sheet.data.title;
    content = (
      <QueryState
        query={sheet}
        loading={<CenteredLoader label="Loading signup sheet" />}
        failed="Could not load this signup sheet"
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
          Back to all opportunities
        </Group>
      </Anchor>
      {content}
    </PageLayout>
  );
}
