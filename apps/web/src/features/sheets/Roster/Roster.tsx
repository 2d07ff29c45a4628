import { Trans, useLingui } from '@lingui/react';
import { Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ArrowLeftIcon, CalendarIcon } from '../../../components/Icons';
import { useDates, useLanguage } from '../../../lib/language';
import { slotOwnLocation } from '../location';
import { LocationLine } from '../LocationLine';
import classes from './Roster.module.css';
import {
  answerLines,
  bringsText,
  checkedInText,
  isCheckedIn,
  type RosterData,
  type RosterSlot,
  type RosterVolunteer,
  type RosterWaitlisted,
  rosterSlotWhen,
  spotsText,
  telHref,
  walkInLines,
} from './rosterData';

export interface RosterProps {
  roster: RosterData;
  /** Marks a volunteer as attended, or clears their check-in. */
  onToggle: (volunteer: RosterVolunteer) => void;
  /** Prints the roster (the browser's print dialog unless a test says otherwise). */
  onPrint?: () => void;
}

function CheckMark({ size = 26 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3} aria-hidden>
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Phone({ phone }: { phone: string }) {
  const href = telHref(phone);
  if (href === 'tel:') return <span className={classes.phone}>{phone}</span>;
  return (
    <Anchor href={href} size="sm" className={classes.phone}>
      {phone}
    </Anchor>
  );
}

/** A volunteer's answers to the sheet's questions, one 'Question: answer' line each. */
function Answers({ roster, answers }: { roster: RosterData; answers: RosterVolunteer['answers'] }) {
  const { i18n } = useLingui();
  return answerLines(i18n, roster.questions, answers).map((line) => (
    <div key={line.questionId} className={classes.answer}>
      <Trans
        id="<0>{question}:</0> {answer}"
        values={{ question: line.label, answer: line.text }}
        components={{ 0: <span className={classes.answerLabel} /> }}
        comment="A volunteer's answer to one of the sheet's questions: 'T-shirt size: M'"
      />
    </div>
  ));
}

/** The columns of a slot's table: the box, the name, what an item's volunteer brings, phone, answers, notes. */
function columnsOf(roster: RosterData, slot: RosterSlot) {
  return { item: slot.kind === 'item', asks: roster.questions.length > 0 };
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
  const { i18n } = useLingui();
  const { item, asks } = columnsOf(roster, slot);
  const checkedIn = isCheckedIn(volunteer);
  return (
    <tr>
      <td className={classes.checkCell}>
        <Button
          className={`${classes.checkButton} ${classes.screenOnly}`}
          variant={checkedIn ? 'filled' : 'default'}
          color="green"
          size="lg"
          aria-label={i18n._('Mark {name} as attended', { name: volunteer.name })}
          aria-pressed={checkedIn}
          onClick={() => onToggle(volunteer)}
        >
          {checkedIn ? <CheckMark /> : null}
        </Button>
        <span className={`${classes.printBox} ${classes.printOnly}`} aria-hidden>
          {checkedIn ? <CheckMark size={10} /> : null}
        </span>
      </td>
      <td className={classes.nameCell}>
        <span className={classes.name}>{volunteer.name}</span>
        {volunteer.attended === false && (
          <Badge color="gray" variant="light" ms="xs">
            {i18n._('Absent')}
          </Badge>
        )}
      </td>
      {item && (
        <td
          className={classes.quantity}
          data-label={i18n._('Brings', undefined, { comment: 'How many of an item a volunteer brings (table column)' })}
        >
          {volunteer.quantity}
        </td>
      )}
      <td>
        <Phone phone={volunteer.phone} />
      </td>
      {asks && (
        <td>
          <Answers roster={roster} answers={volunteer.answers} />
        </td>
      )}
      <td className={classes.notes}>{volunteer.notes ?? ''}</td>
    </tr>
  );
}

/**
 * A blank line for a walk-in, printed once per open spot: an empty box, and room to write a name
 * and phone number. The faint 'Walk-in' is real text, so a printed roster's open lines can be counted.
 */
function WalkInRow({ roster, slot }: { roster: RosterData; slot: RosterSlot }) {
  const { i18n } = useLingui();
  const { item, asks } = columnsOf(roster, slot);
  return (
    <tr className={classes.walkIn}>
      <td className={classes.checkCell}>
        <span className={classes.printBox} aria-hidden />
      </td>
      <td className={classes.nameCell}>
        <span className={classes.walkInLabel}>{i18n._('Walk-in')}</span>
      </td>
      {item && <td />}
      <td />
      {asks && <td />}
      <td />
    </tr>
  );
}

/** Volunteers waiting for a spot, apart from the roster, in the order they would be promoted. */
function Waitlist({ roster, slot }: { roster: RosterData; slot: RosterSlot }) {
  const { i18n } = useLingui();
  const headingId = `roster-waitlist-${slot.id}`;
  return (
    <div className={classes.waitlist}>
      <Title order={3} size="h5" id={headingId} className={classes.waitlistTitle}>
        {i18n._('Waitlist')}
      </Title>
      <ol className={classes.waitlistList} aria-labelledby={headingId}>
        {slot.waitlist.map((person: RosterWaitlisted) => (
          <li key={person.id} className={classes.waitlistEntry}>
            <span className={classes.position}>{person.position}.</span>
            <div className={classes.waitlistDetails}>
              <span className={classes.name}>{person.name}</span>
              {' · '}
              <Phone phone={person.phone} />
              {slot.kind === 'item' && ` · ${bringsText(i18n, person.quantity)}`}
              <Answers roster={roster} answers={person.answers} />
              {person.notes && <div className={classes.notes}>{person.notes}</div>}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}

function SlotBlock({
  roster,
  slot,
  onToggle,
}: {
  roster: RosterData;
  slot: RosterSlot;
  onToggle: RosterProps['onToggle'];
}) {
  const { i18n } = useLingui();
  const { language } = useLanguage();
  const { item, asks } = columnsOf(roster, slot);
  const titleId = `roster-slot-${slot.id}`;
  const ownLocation = slotOwnLocation(slot, roster.location);
  const hasRows = slot.volunteers.length > 0 || slot.spotsOpen > 0;
  return (
    <section className={classes.slot} aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap" className={classes.slotHead}>
        <div className={classes.slotHeading}>
          <Title order={2} size="h3" id={titleId} className={classes.slotTitle}>
            {slot.title}
          </Title>
          <Text size="sm" c="dimmed" className={classes.slotMeta}>
            {rosterSlotWhen(slot, roster.eventDate, language)}
            {/* On paper every slot says where; on screen only a slot away from the sheet's location does, below. */}
            {slot.where && <span className={classes.printOnly}> · {slot.where}</span>}
            {' · '}
            <span className={classes.spots}>{spotsText(i18n, slot)}</span>
          </Text>
          {ownLocation && (
            <div className={classes.screenOnly}>
              <LocationLine location={ownLocation} size="sm" />
            </div>
          )}
        </div>
        <Text fw={600} size="sm" className={`${classes.screenOnly} ${classes.checkedIn}`}>
          {checkedInText(i18n, slot.volunteers)}
        </Text>
      </Group>
      {slot.volunteers.length === 0 && (
        <Text c="dimmed" size="sm" className={classes.screenOnly}>
          {i18n._('No confirmed volunteers yet.')}
        </Text>
      )}
      {hasRows && (
        <table
          className={`${classes.table} ${slot.volunteers.length === 0 ? classes.onlyWalkIns : ''}`}
          aria-label={i18n._('{slot} volunteers', { slot: slot.title })}
        >
          <thead>
            <tr>
              <th scope="col" className={classes.checkCell}>
                {i18n._('Here', undefined, { comment: 'Roster column: whether the volunteer has checked in' })}
              </th>
              <th scope="col" className={classes.nameCol}>
                {i18n._('Name')}
              </th>
              {item && (
                <th scope="col" className={classes.quantityCol}>
                  {i18n._('Brings', undefined, {
                    comment: 'How many of an item a volunteer brings (table column)',
                  })}
                </th>
              )}
              <th scope="col" className={classes.phoneCol}>
                {i18n._('Phone')}
              </th>
              {asks && (
                <th scope="col" className={classes.answersCol}>
                  {i18n._('Answers')}
                </th>
              )}
              <th scope="col">{i18n._('Notes')}</th>
            </tr>
          </thead>
          <tbody>
            {slot.volunteers.map((v) => (
              <VolunteerRow key={v.id} roster={roster} slot={slot} volunteer={v} onToggle={onToggle} />
            ))}
            {walkInLines(slot).map((line) => (
              <WalkInRow key={`walk-in-${line}`} roster={roster} slot={slot} />
            ))}
          </tbody>
        </table>
      )}
      {slot.waitlist.length > 0 && <Waitlist roster={roster} slot={slot} />}
    </section>
  );
}

const printPage = () => window.print();

/**
 * A sheet's event-day roster, the same on a phone at the door and on paper: slot after slot, each
 * with how full it is, its confirmed volunteers by name (a check-in button on screen, a box to tick
 * on paper), a blank line per open spot for walk-ins (paper only) and its waitlist apart.
 */
export function Roster({ roster, onToggle, onPrint = printPage }: RosterProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const everyone = roster.slots.flatMap((s) => s.volunteers);
  return (
    <div className={classes.roster}>
      <Stack gap="xs" className={classes.head}>
        <Anchor component={Link} to={`/signup-sheet/${roster.id}`} size="sm" className={classes.screenOnly}>
          <Group gap={4} component="span" wrap="nowrap">
            <ArrowLeftIcon />
            {i18n._('Back to the signup sheet')}
          </Group>
        </Anchor>
        <Text size="sm" fw={600} c="dimmed" tt="uppercase" className={classes.screenOnly}>
          {i18n._('Event day roster')}
        </Text>
        <Title order={1} size="h2" className={classes.title}>
          {roster.title}
        </Title>
        <Group gap={6} c="dimmed" wrap="nowrap" className={classes.sheetMeta}>
          <CalendarIcon className={classes.screenOnly} />
          <Text className={classes.sheetMetaText}>
            {dates.formatDateTime(roster.eventDate)}
            {roster.location && <span className={classes.printOnly}> · {roster.location}</span>}
          </Text>
        </Group>
        {roster.location && (
          <div className={classes.screenOnly}>
            <LocationLine location={roster.location} />
          </div>
        )}
        <Group justify="space-between" align="center" gap="sm" className={classes.screenOnly}>
          <Text fw={600}>{checkedInText(i18n, everyone)}</Text>
          <Button variant="default" onClick={onPrint}>
            {i18n._('Print roster')}
          </Button>
        </Group>
      </Stack>
      {roster.slots.length === 0 ? (
        <Text c="dimmed">{i18n._('This signup sheet has no volunteer slots yet.')}</Text>
      ) : (
        <div className={classes.slots}>
          {roster.slots.map((slot) => (
            <SlotBlock key={slot.id} roster={roster} slot={slot} onToggle={onToggle} />
          ))}
        </div>
      )}
    </div>
  );
}
