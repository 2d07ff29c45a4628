import { ActionIcon, Badge, Button, Card, Group, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { formatTimeRange } from '../../lib/dates';
import { isSlotFull } from '../../lib/slots';
import type { SlotDetail, VolunteerView } from '../../types';
import { ClockIcon, EditIcon, TrashIcon } from '../Icons';

export interface SlotCardProps {
  slot: SlotDetail;
  onSignUp: () => void;
  /** Cancels one of the viewer's own signups (those marked isMine). */
  onCancelMine?: (volunteer: VolunteerView) => void;
  /** Admin controls: present only for admins. */
  admin?: {
    onEdit: () => void;
    onDelete: () => void;
    onEditVolunteer: (volunteer: VolunteerView) => void;
    onRemoveVolunteer: (volunteer: VolunteerView) => void;
  };
}

interface VolunteerRowProps {
  volunteer: VolunteerView;
  slotTitleId: string;
  onCancelMine: SlotCardProps['onCancelMine'];
  admin: SlotCardProps['admin'];
}

function VolunteerRow({ volunteer, slotTitleId, onCancelMine, admin }: VolunteerRowProps) {
  const contact = [volunteer.email, volunteer.phone].filter((v): v is string => typeof v === 'string' && v !== '');
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {volunteer.name}
          </Text>
          {volunteer.isMine && (
            <Badge size="xs" variant="light" color="teal">
              You
            </Badge>
          )}
        </Group>
        {contact.length > 0 && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {contact.join(' · ')}
          </Text>
        )}
        {volunteer.notes && (
          <Text size="xs" c="dimmed" fs="italic">
            {volunteer.notes}
          </Text>
        )}
        {volunteer.isMine && onCancelMine && (
          <Button
            variant="subtle"
            color="red"
            size="compact-xs"
            mt={4}
            style={{ alignSelf: 'flex-start' }}
            aria-describedby={slotTitleId}
            onClick={() => onCancelMine(volunteer)}
          >
            Cancel my signup
          </Button>
        )}
      </Stack>
      {admin && (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Edit volunteer">
            <ActionIcon
              variant="subtle"
              aria-label={`Edit ${volunteer.name}`}
              onClick={() => admin.onEditVolunteer(volunteer)}
            >
              <EditIcon />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Remove volunteer">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${volunteer.name}`}
              onClick={() => admin.onRemoveVolunteer(volunteer)}
            >
              <TrashIcon />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
    </Group>
  );
}

/** One volunteer slot on the sheet page: its details, volunteers, and Sign Up or FULL. */
export function SlotCard({ slot, onSignUp, onCancelMine, admin }: SlotCardProps) {
  const full = isSlotFull(slot);
  const time = formatTimeRange(slot.startTime, slot.endTime);
  const titleId = `slot-${slot.id}-title`;
  const filledPercent =
    slot.maxVolunteers > 0 ? Math.min(100, (slot.currentVolunteers / slot.maxVolunteers) * 100) : 100;

  return (
    <Card withBorder padding="lg" component="article" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {slot.title}
          </Title>
          {admin && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label="Edit volunteer slot">
                <ActionIcon variant="subtle" aria-label={`Edit ${slot.title}`} onClick={admin.onEdit}>
                  <EditIcon />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete volunteer slot">
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${slot.title}`} onClick={admin.onDelete}>
                  <TrashIcon />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {slot.description && (
          <Text size="sm" c="gray.7">
            {slot.description}
          </Text>
        )}
        {time && (
          <Group gap={6} c="dimmed" wrap="nowrap">
            <ClockIcon />
            <Text size="sm">{time}</Text>
          </Group>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {slot.currentVolunteers} / {slot.maxVolunteers} filled
          </Text>
          <Progress
            value={filledPercent}
            color={full ? 'teal' : 'blue'}
            size="sm"
            aria-label={`${slot.currentVolunteers} of ${slot.maxVolunteers} spots filled`}
          />
        </Stack>
        {slot.volunteers.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              Volunteers
            </Text>
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {slot.volunteers.map((v) => (
                <VolunteerRow
                  key={v.id}
                  volunteer={v}
                  slotTitleId={titleId}
                  onCancelMine={onCancelMine}
                  admin={admin}
                />
              ))}
            </Stack>
          </Stack>
        )}
        {full ? (
          <Text fw={700} c="red.9">
            FULL - No spots available
          </Text>
        ) : (
          <Button onClick={onSignUp} aria-describedby={titleId}>
            Sign Up
          </Button>
        )}
      </Stack>
    </Card>
  );
}
