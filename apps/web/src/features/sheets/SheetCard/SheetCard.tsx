import { useLingui } from '@lingui/react';
import { ActionIcon, Anchor, Badge, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CalendarIcon, TrashIcon } from '../../../components/Icons';
import { useDates } from '../../../lib/language';
import { LocationLine } from '../LocationLine';
import { previewSlots, spotCounts } from '../slots';

/** What a card needs of a sheet: a sheet from `sheets.list` fits. */
export interface SheetCardSheet {
  id: number;
  title: string;
  eventDate: Date;
  /** Where the event happens; none shown when null. */
  location?: string | null;
  slots: {
    id: number;
    title: string;
    startTime: Date | null;
    endTime: Date | null;
    currentVolunteers: number;
    maxVolunteers: number;
  }[];
}

export interface SheetCardProps {
  sheet: SheetCardSheet;
  /** Shown only for admins: asks to delete the sheet. */
  onDelete?: () => void;
}

export function SheetCard({ sheet, onDelete }: SheetCardProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const { filled, open } = spotCounts(sheet.slots);
  const { shown, more } = previewSlots(sheet.slots);

  return (
    <Card withBorder shadow="sm" padding="lg" component="article" aria-labelledby={`sheet-${sheet.id}-title`}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={`sheet-${sheet.id}-title`}>
            {sheet.title}
          </Title>
          {onDelete && (
            // A native title, not Mantine's Tooltip: the tooltip library would load on every visitor's home page.
            <ActionIcon
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={i18n._('Delete {title}', { title: sheet.title })}
              title={i18n._('Delete signup sheet')}
            >
              <TrashIcon />
            </ActionIcon>
          )}
        </Group>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <CalendarIcon />
          <Text size="sm">{dates.formatDateTime(sheet.eventDate)}</Text>
        </Group>
        {/* The map link is on the sheet's page: a card stays one link to it. */}
        {sheet.location && <LocationLine location={sheet.location} size="sm" withMap={false} />}
        <Group gap="xs">
          <Badge color="teal" variant="light">
            {i18n._('{filled, plural, other {# filled}}', { filled })}
          </Badge>
          <Badge color="blue" variant="light">
            {i18n._(
              '{open, plural, other {# open}}',
              { open },
              { comment: 'How many spots of a sheet are still open: "5 open"' },
            )}
          </Badge>
        </Group>
        {shown.length > 0 ? (
          // Each row spans the card, so that the counts sit at its right edge and a long title wraps.
          <List
            size="sm"
            spacing={4}
            listStyleType="none"
            ms={0}
            ps={0}
            styles={{ itemWrapper: { display: 'flex', alignItems: 'stretch' } }}
          >
            {shown.map((slot) => {
              const time = dates.formatTimeRange(slot.startTime, slot.endTime);
              return (
                <List.Item key={slot.id}>
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Text size="sm" fw={500} miw={0}>
                      {slot.title}
                      {time && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          · {time}
                        </Text>
                      )}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {slot.currentVolunteers} / {slot.maxVolunteers}
                    </Text>
                  </Group>
                </List.Item>
              );
            })}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {i18n._('Volunteer roles are coming soon.')}
          </Text>
        )}
        {more > 0 && (
          <Anchor component={Link} to={`/signup-sheet/${sheet.id}`} size="sm" c="blue.8">
            {i18n._('{more, plural, other {+ # more volunteer opportunities}}', { more })}
          </Anchor>
        )}
        <Button component={Link} to={`/signup-sheet/${sheet.id}`} fullWidth mt="auto">
          {i18n._('View & Sign Up')}
        </Button>
      </Stack>
    </Card>
  );
}
