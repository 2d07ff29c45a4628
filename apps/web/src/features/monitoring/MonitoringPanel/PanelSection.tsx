import { Card, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface PanelSectionProps {
  /** The heading's id, which names the section for screen readers. */
  id: string;
  title: string;
  /** Buttons or a note beside the heading. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled card that is also a named region. */
export function PanelSection({ id, title, aside, children }: PanelSectionProps) {
  return (
    <section aria-labelledby={id} style={{ minWidth: 0 }}>
      <Card withBorder padding="lg" h="100%">
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm">
            <Title order={3} size="h4" id={id}>
              {title}
            </Title>
            {aside}
          </Group>
          {children}
        </Stack>
      </Card>
    </section>
  );
}
