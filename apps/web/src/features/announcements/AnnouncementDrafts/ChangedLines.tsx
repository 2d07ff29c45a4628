import { useLingui } from '@lingui/react';
import { List, Stack, Text } from '@mantine/core';

export interface ChangedLinesProps {
  /** Lines the page gained. */
  added: string[];
  /** Lines the page lost. */
  removed: string[];
  /** Makes the lists' label ids unique on the page. */
  idPrefix: string;
}

/**
 * One labelled list of lines ('Added' or 'Removed'), or nothing when there are none. The label says
 * which; the coloured rule beside the lines only echoes it.
 */
function Lines({ id, label, lines, rule }: { id: string; label: string; lines: string[]; rule: string }) {
  if (lines.length === 0) return null;
  return (
    <div>
      <Text id={id} size="sm" fw={700}>
        {label}
      </Text>
      <List
        aria-labelledby={id}
        size="sm"
        spacing={2}
        ps="sm"
        style={{ borderInlineStart: `3px solid ${rule}` }}
        listStyleType="none"
      >
        {lines.map((line, index) => (
          <List.Item key={index} style={{ overflowWrap: 'anywhere' }}>
            {line}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** What changed on the watched page, as the readable lines it gained and lost (never diff syntax). */
export function ChangedLines({ added, removed, idPrefix }: ChangedLinesProps) {
  const { i18n } = useLingui();
  return (
    <Stack gap="xs">
      <Lines
        id={`${idPrefix}-added`}
        label={i18n._('Added', undefined, { comment: 'The lines a watched web page gained' })}
        lines={added}
        rule="var(--mantine-color-green-7)"
      />
      <Lines
        id={`${idPrefix}-removed`}
        label={i18n._('Removed', undefined, { comment: 'The lines a watched web page lost' })}
        lines={removed}
        rule="var(--mantine-color-red-7)"
      />
      {added.length === 0 && removed.length === 0 && (
        <Text size="sm" c="dimmed">
          {i18n._('No lines of text were added or removed.')}
        </Text>
      )}
    </Stack>
  );
}
