import { useLingui } from '@lingui/react';
import { Badge, Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { monitorStatusColor, monitorStatusLabel, severityColor, severityLabel } from '../monitoring';

/** A monitor's status: a coloured dot (active green, error red, otherwise yellow) and the status text. */
export function MonitorStatusDot({ status }: { status: string }) {
  const { i18n } = useLingui();
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
        {monitorStatusLabel(i18n, status)}
      </Text>
    </Group>
  );
}

/** A change's severity: high red, medium yellow, otherwise gray. */
export function SeverityBadge({ severity }: { severity: string }) {
  const { i18n } = useLingui();
  return (
    <Badge color={severityColor(severity)} variant="light">
      <VisuallyHidden>
        {i18n._('Severity:', undefined, { comment: "Read out before a change's severity (high, medium, low)" })}{' '}
      </VisuallyHidden>
      {severityLabel(i18n, severity)}
    </Badge>
  );
}
