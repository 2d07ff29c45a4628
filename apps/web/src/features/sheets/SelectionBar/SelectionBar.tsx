import { useLingui } from '@lingui/react';
import { Box, Button, Container, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { selectedText } from '../slots';

export interface SelectionBarProps {
  /** How many slots are ticked. */
  count: number;
  /** Why no more slots can be ticked (the sheet's limit of slots per person, reached), else null. */
  limit: string | null;
  onContinue: () => void;
}

/** The bar's height and then some: the page leaves this much room under its last slot while the bar shows. */
const barRoom = 96;

/**
 * The bar at the foot of the screen while slots are ticked: '3 slots selected' and Continue, which
 * opens the signup form for all of them; at the sheet's limit it says so. The count is also said to
 * screen readers as it changes, from a live region that is always on the page.
 */
export function SelectionBar({ count, limit, onContinue }: SelectionBarProps) {
  const { i18n } = useLingui();
  const text = selectedText(i18n, count);
  return (
    <>
      <VisuallyHidden role="status" aria-live="polite">
        {count > 0
          ? limit === null
            ? text
            : i18n._(
                '{selected}. {limit}',
                { selected: text, limit },
                {
                  comment: 'Two sentences read out together: "3 slots selected" and why no more can be ticked',
                },
              )
          : ''}
      </VisuallyHidden>
      {count > 0 && (
        <>
          <Box h={barRoom} aria-hidden />
          <Paper
            component="section"
            aria-label={i18n._('Selected slots')}
            shadow="md"
            withBorder
            radius={0}
            pos="fixed"
            left={0}
            right={0}
            bottom={0}
            py="sm"
            style={{ zIndex: 150, paddingBottom: 'calc(var(--mantine-spacing-sm) + env(safe-area-inset-bottom))' }}
          >
            <Container size="lg">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} miw={0}>
                  <Text fw={700}>{text}</Text>
                  {limit !== null && (
                    <Text size="sm" c="gray.7">
                      {limit}
                    </Text>
                  )}
                </Stack>
                <Button size="md" onClick={onContinue} style={{ flexShrink: 0 }}>
                  {i18n._('Continue')}
                </Button>
              </Group>
            </Container>
          </Paper>
        </>
      )}
    </>
  );
}
