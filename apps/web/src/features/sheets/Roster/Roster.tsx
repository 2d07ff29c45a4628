import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CalendarIcon, ClockIcon } from '../../../components/Icons';
import { formatDateTime, formatSlotWhen } from '../../../lib/dates';
import { slotOwnLocation, whereSlotIs } from '../location';
import { LocationLine } from '../LocationLine';
import classes from './Roster.module.css';
import {
  answerLines,
  bringsText,
  checkedInText,
  isCheckedIn,
  pledgedText,
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

/** A volunteer's answers to the sheet's questions, one 'Question: answer' line each. */
function Answers({ roster, volunteer }: { roster: RosterData; volunteer: RosterVolunteer }) {
  const lines = answerLines(roster.questions, volunteer.answers);
  if (lines.length === 0) return null;
  return (
    <Stack gap={0}>
      {lines.map((line) => (
        <Text key={line.questionId} size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span size="sm" c="dimmed">
            {line.label}:
          </Text>{' '}
          {line.text}
        </Text>
      ))}
    </Stack>
  );
}

function VolunteerRow({
  roster,
  slot,
  volunteer,
  onToggle,
}: {
  roster: RosterData;
  slot: RosterSlot;
  volunteer: RosterVolunteer;
  onToggle: RosterProps['onToggle'];
}) {
  const checkedIn = isCheckedIn(volunteer);
  return (
    <Group component="li" justify="space-between" align="center" wrap="nowrap" gap="sm" py={6}>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Text fw={600}>{volunteer.name}</Text>
        {slot.kind === 'item' && (
          <Text size="sm" fw={500}>
            {bringsText(volunteer.quantity)}
          </Text>
        )}
        <Phone phone={volunteer.phone} />
        <Answers roster={roster} volunteer={volunteer} />
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

/**
 * One slot's page of the printed roster: the event, the slot, where it happens (its own location,
 * else the sheet's), and a row with a box to tick per volunteer.
 */
function PrintedSlot({ roster, slot }: { roster: RosterData; slot: RosterSlot }) {
  const item = slot.kind === 'item';
  const asks = roster.questions.length > 0;
  const where = whereSlotIs(slot, roster.location);
  return (
    <div className={classes.printOnly}>
      <h2 className={classes.printHeading}>{slot.title}</h2>
      <p className={classes.printMeta}>
        {roster.title} · {formatSlotWhen(slot.startTime, slot.endTime, roster.eventDate)}
        {item && ` · ${pledgedText(slot)}`}
        {where && ` · ${where}`}
      </p>
      {slot.volunteers.length === 0 ? (
        <p>No confirmed volunteers.</p>
      ) : (
        <table className={classes.printTable}>
          <thead>
            <tr>
              <th style={{ width: '3em' }}>Here</th>
              <th>Name</th>
              {item && <th>Brings</th>}
              <th>Phone</th>
              {asks && <th>Answers</th>}
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
                {item && <td>{v.quantity}</td>}
                <td>{v.phone}</td>
                {asks && (
                  <td>
                    {answerLines(roster.questions, v.answers).map((line) => (
                      <div key={line.questionId}>
                        {line.label}: {line.text}
                      </div>
                    ))}
                  </td>
                )}
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
  const ownLocation = slotOwnLocation(slot, roster.location);
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
              {ownLocation && <LocationLine location={ownLocation} size="sm" />}
              {slot.kind === 'item' && (
                <Text size="sm" c="dimmed">
                  Item to bring · {pledgedText(slot)}
                </Text>
              )}
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
                <VolunteerRow key={v.id} roster={roster} slot={slot} volunteer={v} onToggle={onToggle} />
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
        {roster.location && <LocationLine location={roster.location} />}
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
