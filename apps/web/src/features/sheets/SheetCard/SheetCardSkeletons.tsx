import { Card, SimpleGrid, type SimpleGridProps, Skeleton, Stack } from '@mantine/core';

export interface SheetCardSkeletonsProps {
  /** How many placeholder cards. */
  count: number;
  /** The grid's columns, as the loaded cards will be laid out. */
  cols: SimpleGridProps['cols'];
  /** Names what is loading for screen readers ('Loading signup sheets'). */
  label: string;
  /** A test id on each placeholder card. */
  testId?: string;
}

/** Grey cards in the shape of sheet cards, while the sheets load. */
export function SheetCardSkeletons({ count, cols, label, testId }: SheetCardSkeletonsProps) {
  return (
    <SimpleGrid cols={cols} spacing="lg" aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} withBorder padding="lg" data-testid={testId}>
          <Stack gap="sm">
            <Skeleton height={22} width="60%" />
            <Skeleton height={14} width="40%" />
            <Skeleton height={14} />
            <Skeleton height={14} />
            <Skeleton height={36} mt="sm" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
