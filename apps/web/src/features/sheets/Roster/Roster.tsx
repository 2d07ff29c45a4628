import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CalendarIcon, ClockIcon } from '../../../components/Icons';
import { formatDateTime, formatSlotWhen } from '../../../lib/dates';
import classes from './Roster.module.css';
import {
  checkedInText,
  isCheckedIn,
  type RosterData,
  type RosterSlot,
  type RosterVolunteer,
  telHref,
} from './rosterData';

export interface RosterProps {
  roster: RosterData;
  /** Marks a volunteer as attended, or clears their check-in. */
  onToggle: (volunteer: RosterVolunteer) => void;
  /** Prints the roster (the browser's print dialog unless a test says otherwise). */
  onPrint?: () => void;
}

function CheckMark() {
  return (
    <svg width={26} height={26} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} aria-hidden>
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Phone({ phone }: { phone: string }) {
  const href = telHref(phone);
  if (href === 'tel:') return <Text size="sm">{phone}</Text>;
  return (
    <Anchor href={href} size="sm" style={{ overflowWrap: 'anywhere' }}>
      {phone}
    </Anchor>
  );
}

function VolunteerRow({ volunteer, onToggle }: { volunteer: RosterVolunteer; onToggle: RosterProps['onToggle'] }) {
  const checkedIn = isCheckedIn(volunteer);
  return (
    <Group component="li" justify="space-between" align="center" wrap="nowrap" gap="sm" py={6}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text fw={600}>{volunteer.name}</Text>
        <Phone phone={volunteer.phone} />
        {volunteer.notes && (
          <Text size="xs" c="dimmed" fs="italic">
            {volunteer.notes}
          </Text>
        )}
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {volunteer.attended === false && (
          <Badge color="gray" variant="light">
            Absent
          </Badge>
        )}
        <Button
          className={classes.checkBox}
          variant={checkedIn ? 'filled' : 'default'}
          color="green"
          size="lg"
          aria-label={`Mark ${volunteer.name} as attended`}
          aria-pressed={checkedIn}
          onClick={() => onToggle(volunteer)}
        >
          {checkedIn ? <CheckMark /> : null}
        </Button>
      </Group>
    </Group>
  );
}

/** One slot's page of the printed roster: the event, the slot, and a row with a box to tick per volunteer. */
function PrintedSlot({ roster, slot }: { roster: RosterData; slot: RosterSlot }) {
  return (
    <div className={classes.printOnly}>
      <h2 className={classes.printHeading}>{slot.title}</h2>
      <p className={classes.printMeta}>
        {roster.title} · {formatSlotWhen(slot.startTime, slot.endTime, roster.eventDate)}
      </p>
      {slot.volunteers.length === 0 ? (
        <p>No confirmed volunteers.</p>
      ) : (
        <table className={classes.printTable}>
          <thead>
            <tr>
              <th style={{ width: '3em' }}>Here</th>
              <th>Name</th>
              <th>Phone</th>
              <th>Notes</th>
            </tr>
          </thead>
          <tbody>
            {slot.volunteers.map((v) => (
              <tr key={v.id}>
                <td>
                  <span className={classes.printBox} />
                </td>
                <td>{v.name}</td>
                <td>{v.phone}</td>
                <td>{v.notes ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function SlotGroup({
  roster,
  slot,
  onToggle,
}: {
  roster: RosterData;
  slot: RosterSlot;
  onToggle: RosterProps['onToggle'];
}) {
  const titleId = `roster-slot-${slot.id}`;
  return (
    <section className={classes.group} aria-labelledby={titleId}>
      <Card withBorder padding="md" className={classes.screenOnly}>
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Title order={2} size="h3" id={titleId}>
                {slot.title}
              </Title>
              <Group gap={6} c="dimmed" wrap="nowrap">
                <ClockIcon />
                <Text size="sm">{formatSlotWhen(slot.startTime, slot.endTime, roster.eventDate)}</Text>
              </Group>
            </Stack>
            <Text fw={600} size="sm">
              {checkedInText(slot.volunteers)}
            </Text>
          </Group>
          {slot.volunteers.length === 0 ? (
            <Text c="dimmed" size="sm">
              No confirmed volunteers yet.
            </Text>
          ) : (
            <Stack
              component="ul"
              gap={0}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
              aria-label={`${slot.title} volunteers`}
            >
              {slot.volunteers.map((v) => (
                <VolunteerRow key={v.id} volunteer={v} onToggle={onToggle} />
              ))}
            </Stack>
          )}
          {slot.waitlistCount > 0 && (
            <Text size="xs" c="dimmed">
              {slot.waitlistCount} on the waitlist (not on the roster)
            </Text>
          )}
        </Stack>
      </Card>
      <PrintedSlot roster={roster} slot={slot} />
    </section>
  );
}

const printPage = () => window.print();

/**
 * A sheet's event-day roster: each slot with its confirmed volunteers, their phone numbers and a
 * large check-in button for a phone at the door; printed, one page per slot with a box to tick.
 */
export function Roster({ roster, onToggle, onPrint = printPage }: RosterProps) {
  const everyone = roster.slots.flatMap((s) => s.volunteers);
  return (
    <Stack gap="lg" className={classes.roster}>
      <Stack gap="xs" className={classes.screenOnly}>
        <Anchor component={Link} to={`/signup-sheet/${roster.id}`} size="sm">
          ← Back to the signup sheet
        </Anchor>
        <Text size="sm" fw={600} c="dimmed" tt="uppercase">
          Event day roster
        </Text>
        <Title order={1} size="h2">
          {roster.title}
        </Title>
        <Group gap={6} c="dimmed" wrap="nowrap">
          <CalendarIcon />
          <Text>{formatDateTime(roster.eventDate)}</Text>
        </Group>
        <Group justify="space-between" align="center" gap="sm">
          <Text fw={600}>{checkedInText(everyone)}</Text>
          <Button variant="default" onClick={onPrint}>
            Print roster
          </Button>
        </Group>
      </Stack>
      {roster.slots.length === 0 ? (
        <Text c="dimmed">This signup sheet has no volunteer slots yet.</Text>
      ) : (
        roster.slots.map((slot) => <SlotGroup key={slot.id} roster={roster} slot={slot} onToggle={onToggle} />)
      )}
    </Stack>
  );
}
