import { useLingui } from '@lingui/react';
import { ActionIcon, Anchor, Badge, Button, Card, Checkbox, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactElement, Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ClockIcon, EditIcon, TrashIcon } from '../../../components/Icons';
import { useDates } from '../../../lib/language';
import { useHydrated } from '../../../lib/useHydrated';
import type { SlotDetail, VolunteerView } from '../../../types';
import { manageLink, type RememberedOnSlot } from '../../signup/signupMemory';
import { slotOwnLocation } from '../location';
import { LocationLine } from '../LocationLine';
import {
  isSlotFull,
  promisedText,
  spotsLeftText,
  stillNeededText,
  volunteerCountText,
  waitlistCountText,
} from '../slots';

// Only whoever runs the sheet has these buttons: their tooltips, and the popover library under them,
// load for them alone. Until then the button shows without its tooltip.
const AdminTooltip = lazy(() => import('./AdminTooltip').then((m) => ({ default: m.AdminTooltip })));

function LazyTooltip({ label, children }: { label: string; children: ReactElement }) {
  // On a page the server rendered, the button alone until React has taken the page over, so that
  // it works from the start (a part still waiting for its code would drop the click).
  const hydrated = useHydrated();
  if (!hydrated) return children;
  return (
    <Suspense fallback={children}>
      <AdminTooltip label={label}>{children}</AdminTooltip>
    </Suspense>
  );
}

export interface SlotCardProps {
  slot: SlotDetail;
  /** The sheet's location: the card names the slot's own location only when it differs. */
  sheetLocation?: string | null;
  /**
   * Opens the signup form ('Join Waitlist' on a full slot: the same form); on a closed slot, only
   * admins are offered it (to add a volunteer).
   */
  onSignUp: () => void;
  /** Signups have closed (API.md): the slot has started, or its event has passed. */
  closed?: boolean;
  /** Cancels one of the viewer's own signups (those marked isMine), confirmed or waitlisted. */
  onCancelMine?: (volunteer: VolunteerView) => void;
  /**
   * Ticking the slot for a signup of several slots at once; absent when it cannot be chosen
   * (closed, or already the viewer's). `disabled`: the sheet's limit of slots per person is reached.
   */
  selection?: { selected: boolean; disabled?: boolean; onChange: (selected: boolean) => void };
  /** This browser's own signups on the slot, made without an account, each with its manage link. */
  remembered?: readonly RememberedOnSlot[];
  /**
   * The viewer has just signed up here: once the card shows the signup as theirs, its manage link
   * (or cancel button) takes the focus, which was on the Sign Up button or the bar that is gone.
   */
  takeFocus?: boolean;
  onFocusTaken?: () => void;
  /** Admin controls: present only for whoever runs the sheet (an admin or its organizer). */
  admin?: {
    onEdit: () => void;
    onDelete: () => void;
    onEditVolunteer: (volunteer: VolunteerView) => void;
    onRemoveVolunteer: (volunteer: VolunteerView) => void;
  };
}

interface VolunteerRowProps {
  volunteer: VolunteerView;
  admin: SlotCardProps['admin'];
  /** The place in the waitlist (1 is next), shown before the name. */
  position?: number;
  /** An item slot: the row says how many the volunteer brings ('Jane D. · 12'). */
  item?: boolean;
}

function VolunteerRow({ volunteer, admin, position, item = false }: VolunteerRowProps) {
  const { i18n } = useLingui();
  const contact = [volunteer.email, volunteer.phone].filter((v): v is string => typeof v === 'string' && v !== '');
  return (
    <Group component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Group gap={6}>
          {position !== undefined && (
            <Text size="sm" c="dimmed" aria-hidden>
              {position}.
            </Text>
          )}
          <Text size="sm" fw={500}>
            {item ? `${volunteer.name} · ${volunteer.quantity}` : volunteer.name}
          </Text>
          {volunteer.isMine && (
            <Badge size="xs" variant="light" color="teal">
              {i18n._('You', undefined, { comment: "Badge on the viewer's own signup in a slot's list of volunteers" })}
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
      </Stack>
      {admin && (
        <Group gap={4} wrap="nowrap">
          <LazyTooltip label={i18n._('Edit volunteer')}>
            <ActionIcon
              variant="subtle"
              aria-label={i18n._('Edit {name}', { name: volunteer.name })}
              onClick={() => admin.onEditVolunteer(volunteer)}
            >
              <EditIcon />
            </ActionIcon>
          </LazyTooltip>
          <LazyTooltip label={i18n._('Remove volunteer')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={i18n._('Remove {name}', { name: volunteer.name })}
              onClick={() => admin.onRemoveVolunteer(volunteer)}
            >
              <TrashIcon />
            </ActionIcon>
          </LazyTooltip>
        </Group>
      )}
    </Group>
  );
}

/** The viewer's own signups of one status, with their cancel buttons (none once the slot has started). */
function MySignups({
  heading,
  mine,
  closed,
  titleId,
  onCancelMine,
}: {
  heading: string;
  mine: VolunteerView[];
  closed: boolean;
  titleId: string;
  onCancelMine: SlotCardProps['onCancelMine'];
}) {
  const { i18n } = useLingui();
  if (mine.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text fw={700} c="teal.9">
        {heading}
      </Text>
      {/* Once the slot has started, the signup is part of the record. */}
      {!closed &&
        onCancelMine &&
        mine.map((volunteer) => (
          <Button
            key={volunteer.id}
            variant="light"
            color="red"
            aria-describedby={titleId}
            onClick={() => onCancelMine(volunteer)}
          >
            {mine.length === 1
              ? i18n._('Cancel my signup')
              : i18n._('Cancel signup for {name}', { name: volunteer.name })}
          </Button>
        ))}
    </Stack>
  );
}

/** This browser's own signups on the slot (made without an account): the badge and the manage link. */
function RememberedSignups({ remembered, titleId }: { remembered: readonly RememberedOnSlot[]; titleId: string }) {
  const { i18n } = useLingui();
  if (remembered.length === 0) return null;
  return (
    <Stack gap={6}>
      {remembered.map((signup) => (
        <Group key={signup.volunteerId} gap="sm" wrap="wrap">
          <Badge color={signup.status === 'waitlisted' ? 'orange' : 'teal'} variant="light" size="lg" tt="none">
            {signup.status === 'waitlisted' ? i18n._("You're on the waitlist") : i18n._("You're signed up")}
          </Badge>
          <Anchor component={Link} to={manageLink(signup.token)} size="sm" fw={600} aria-describedby={titleId}>
            {i18n._('Change or cancel')}
          </Anchor>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * One volunteer slot on the sheet page: its details, volunteers, and Sign Up (on an item slot,
 * 'I'll bring this'), FULL with 'Join Waitlist', 'Signups closed', or the viewer's own signup (or
 * waitlist place) with its cancel or manage link, and the checkbox that adds it to a signup of
 * several slots. Whoever runs the sheet sees the waitlist in order; everyone else how many wait.
 */
export function SlotCard({
  slot,
  sheetLocation = null,
  onSignUp,
  closed = false,
  onCancelMine,
  selection,
  remembered = [],
  takeFocus = false,
  onFocusTaken,
  admin,
}: SlotCardProps) {
  const { i18n } = useLingui();
  const dates = useDates();
  const full = isSlotFull(slot);
  const item = slot.kind === 'item';
  const confirmed = slot.volunteers.filter((v) => v.status !== 'waitlisted');
  const waitlist = slot.volunteers.filter((v) => v.status === 'waitlisted');
  // The server sends other people's waitlist entries only to whoever runs the sheet.
  const showWaitlist = admin !== undefined || waitlist.some((v) => !v.isMine);
  const mine = slot.volunteers.filter((v) => v.isMine);
  const signedUp = mine.length > 0 || remembered.length > 0;
  const ownRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takeFocus || !signedUp) return;
    const target = ownRef.current?.querySelector<HTMLElement>('a, button');
    if (!target) return;
    target.focus();
    onFocusTaken?.();
  }, [takeFocus, signedUp, onFocusTaken]);
  const waitlistId = `slot-${slot.id}-waitlist`;
  const time = dates.formatTimeRange(slot.startTime, slot.endTime);
  const ownLocation = slotOwnLocation(slot, sheetLocation);
  const titleId = `slot-${slot.id}-title`;
  // Ticks the slot for one signup of several (an open slot, or a full one for its waitlist).
  // Its name says which slot ('Select Judges', 'Select Judges for the waitlist'): one sentence
  // around the slot's title, as each language orders it.
  const choose = selection && !signedUp && (
    <Checkbox
      checked={selection.selected}
      disabled={selection.disabled === true && !selection.selected}
      onChange={(event) => selection.onChange(event.currentTarget.checked)}
      aria-label={
        full
          ? i18n._('Select {title} for the waitlist', { title: slot.title })
          : i18n._('Select {title}', { title: slot.title })
      }
      label={
        full
          ? i18n._('Select for the waitlist')
          : i18n._('Select', undefined, { comment: 'Checkbox that adds a slot to a signup of several slots' })
      }
    />
  );
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
              <LazyTooltip label={i18n._('Edit volunteer slot')}>
                <ActionIcon
                  variant="subtle"
                  aria-label={i18n._('Edit {title}', { title: slot.title })}
                  onClick={admin.onEdit}
                >
                  <EditIcon />
                </ActionIcon>
              </LazyTooltip>
              <LazyTooltip label={i18n._('Delete volunteer slot')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={i18n._('Delete {title}', { title: slot.title })}
                  onClick={admin.onDelete}
                >
                  <TrashIcon />
                </ActionIcon>
              </LazyTooltip>
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
        {ownLocation && <LocationLine location={ownLocation} size="sm" />}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {item
              ? closed
                ? promisedText(i18n, slot)
                : stillNeededText(i18n, slot)
              : closed
                ? volunteerCountText(i18n, slot.currentVolunteers)
                : spotsLeftText(i18n, slot)}
          </Text>
          <Progress
            value={filledPercent}
            color={full ? 'teal' : 'blue'}
            size="sm"
            aria-label={
              item
                ? promisedText(i18n, slot)
                : i18n._('{current} of {max} spots filled', {
                    current: slot.currentVolunteers,
                    max: slot.maxVolunteers,
                  })
            }
          />
          {slot.waitlistCount > 0 && (
            <Text size="sm" c="dimmed">
              {waitlistCountText(i18n, slot.waitlistCount)}
            </Text>
          )}
        </Stack>
        {confirmed.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed">
              {i18n._('Volunteers')}
            </Text>
            <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
              {confirmed.map((v) => (
                <VolunteerRow key={v.id} volunteer={v} admin={admin} item={item} />
              ))}
            </Stack>
          </Stack>
        )}
        {showWaitlist && waitlist.length > 0 && (
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" fw={700} c="dimmed" id={waitlistId}>
              {i18n._('Waitlist')}
            </Text>
            {/* In the order they will be offered a spot. */}
            <Stack component="ol" gap={6} m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={waitlistId}>
              {waitlist.map((v, i) => (
                <VolunteerRow key={v.id} volunteer={v} admin={admin} position={i + 1} item={item} />
              ))}
            </Stack>
          </Stack>
        )}
        {closed ? (
          <Text fw={700} c="gray.8">
            {i18n._('Signups closed')}
          </Text>
        ) : full ? (
          <>
            <Text fw={700} c="red.9">
              {i18n._('FULL - No spots available')}
            </Text>
            {choose}
            {!signedUp && (
              <Button variant="outline" onClick={onSignUp} aria-describedby={titleId}>
                {i18n._('Join Waitlist')}
              </Button>
            )}
          </>
        ) : (
          <>
            {choose}
            {!signedUp && (
              <Button onClick={onSignUp} aria-describedby={titleId}>
                {item ? i18n._("I'll bring this") : i18n._('Sign Up')}
              </Button>
            )}
          </>
        )}
        {signedUp && (
          <Stack gap="sm" ref={ownRef}>
            <RememberedSignups remembered={remembered} titleId={titleId} />
            <MySignups
              heading={i18n._("You're signed up")}
              mine={mine.filter((v) => v.status !== 'waitlisted')}
              closed={closed}
              titleId={titleId}
              onCancelMine={onCancelMine}
            />
            <MySignups
              heading={i18n._("You're on the waitlist")}
              mine={mine.filter((v) => v.status === 'waitlisted')}
              closed={closed}
              titleId={titleId}
              onCancelMine={onCancelMine}
            />
          </Stack>
        )}
        {closed && admin && !full && (
          <Button variant="light" onClick={onSignUp} aria-describedby={titleId}>
            {i18n._('Add volunteer')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
