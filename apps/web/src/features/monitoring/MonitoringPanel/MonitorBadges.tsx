import { Badge, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { monitorStatusColor, severityColor } from '../monitoring';

const statusText: Record<string, string> = { active: 'Active', paused: 'Paused', error: 'Error' };

/** A monitor's status: a coloured dot (active green, error red, otherwise yellow) and the status text. */
export function MonitorStatusDot({ status }: { status: string }) {
  const color = monitorStatusColor(status);
  return (
    <Group gap={6} wrap="nowrap" data-status-color={color}>
      <Box
        aria-hidden="true"
        w={10}
        h={10}
        style={{ borderRadius: '50%', flexShrink: 0, background: `var(--mantine-color-${color}-6)` }}
      />
      <Text size="sm" component="span">
        {statusText[status] ?? status}
      </Text>
    </Group>
  );
}

/** A change's severity: high red, medium yellow, otherwise gray. */
export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <Badge color={severityColor(severity)} variant="light">
      <VisuallyHidden>Severity: </VisuallyHidden>
      {severity}
    </Badge>
  );
}
