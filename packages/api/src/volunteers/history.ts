import {
  type Db,
  type Executor,
  type SignupAnswers,
  signupSheets,
  type SignupSheet,
  type Volunteer,
  volunteers,
  type VolunteerStatus,
  type VolunteerSlot,
  volunteerSlots,
} from '@pac/db';
import { and, asc, desc, eq, getTableColumns, sql, type SQLWrapper } from 'drizzle-orm';
import type { ServiceContext, SessionUser } from '../context';
import { refuse } from '../lib/errors';
import type { SignupWithEvent } from '../lib/signupEmail';
import { RuntimeKey } from '../runtime';
import { getSlotWithSheet, slotHours } from '../slots/service';
import { volunteerMessages } from './messages';

/**
 * Signups as they are read: a volunteer as a given viewer may see them, a sheet's volunteers, one
 * signup with its slot and sheet, and `signupsWithEvent`, the one join of a signup with its slot
 * and sheet that every list of signups starts from (account history, reminders, exports, the
 * calendar); which signups count towards hours. The file other domains import.
 */

/** A volunteer as a given viewer may see them. */
export interface VolunteerView {
  id: number;
  slotId: number;
  name: string;
  signupTime: Date;
  status: VolunteerStatus;
  isMine: boolean;
  /** What they bring to an item slot (1 on a task slot): public, as the slot's count is. */
  quantity: number;
  userId?: number | null;
  email?: string;
  phone?: string;
  notes?: string | null;
  emailConsent?: boolean;
  /** Answers to the sheet's questions: contact data, for the volunteer and whoever runs the sheet. */
  answers?: SignupAnswers;
  /** Event-day check-in, for whoever runs the sheet. */
  attended?: boolean | null;
}

/** 'Jane Doe' → 'Jane D.'; a single name stays as it is. */
export function publicName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0] ?? '';
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${first} ${last.charAt(0).toUpperCase()}.` : first;
}

/**
 * Whoever runs the sheet (`managesSheet`: an administrator or its organizer) and the volunteer
 * themself see the contact details; everyone else a first name and initial.
 */
export function viewVolunteer(v: Volunteer, viewer: SessionUser | null, managesSheet: boolean): VolunteerView {
  const isMine = viewer !== null && v.userId === viewer.id;
  const base = { id: v.id, slotId: v.slotId, signupTime: v.signupTime, status: v.status, isMine, quantity: v.quantity };
  if (managesSheet || isMine) {
    return {
      ...base,
      name: v.name,
      userId: v.userId,
      email: v.email,
      phone: v.phone,
      notes: v.notes,
      emailConsent: v.emailConsent,
      answers: v.answers,
      ...(managesSheet ? { attended: v.attended } : {}),
    };
  }
  return { ...base, name: publicName(v.name) };
}

/** The volunteers of one sheet, in signup order, with one statement compiled once per database. */
function prepareSheetVolunteers(db: Db) {
  return db
    .select(getTableColumns(volunteers))
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .where(eq(volunteerSlots.signupSheetId, sql.placeholder('sheetId')))
    .orderBy(asc(volunteers.signupTime), asc(volunteers.id))
    .prepare();
}
const sheetVolunteersStatement = new RuntimeKey<ReturnType<typeof prepareSheetVolunteers>>('volunteers: of one sheet');

function prepareViewerOnSheet(db: Db) {
  return db
    .select({ id: volunteers.id })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .where(
      and(
        eq(volunteerSlots.signupSheetId, sql.placeholder('sheetId')),
        eq(volunteers.userId, sql.placeholder('userId')),
      ),
    )
    .limit(1)
    .prepare();
}
const viewerOnSheetStatement = new RuntimeKey<ReturnType<typeof prepareViewerOnSheet>>(
  'volunteers: one of a user on a sheet',
);

/** Whether the account has any signup on the sheet (any status): then its view of the sheet is its own. */
export function hasSignupOnSheet(ctx: ServiceContext, sheetId: number, userId: number): boolean {
  return ctx.runtime.state(viewerOnSheetStatement, prepareViewerOnSheet).get({ sheetId, userId }) !== undefined;
}

export interface SheetVolunteerViews {
  /** Each slot's volunteers as the viewer may see them, in signup order. */
  bySlot: Map<number, VolunteerView[]>;
  /** How many wait on each slot's waitlist (everyone sees the count). */
  waitlistCounts: Map<number, number>;
}

/**
 * The volunteers of a sheet's slots as `viewer` may see them, in signup order (so a slot's
 * waitlist is in the order it will be promoted), by slot, and each slot's waitlist count: one
 * prepared statement, the sheet page's read path. Whoever runs the sheet sees the waitlist;
 * everyone else only their own waitlisted entry (the rest is the count).
 */
export function volunteerViewsOfSheet(
  ctx: ServiceContext,
  sheetId: number,
  viewer: SessionUser | null,
  managesSheet: boolean,
): SheetVolunteerViews {
  const bySlot = new Map<number, VolunteerView[]>();
  const waitlistCounts = new Map<number, number>();
  for (const v of ctx.runtime.state(sheetVolunteersStatement, prepareSheetVolunteers).all({ sheetId })) {
    if (v.status === 'waitlisted') {
      waitlistCounts.set(v.slotId, (waitlistCounts.get(v.slotId) ?? 0) + 1);
      if (!managesSheet && (viewer === null || v.userId !== viewer.id)) continue;
    }
    const view = viewVolunteer(v, viewer, managesSheet);
    const list = bySlot.get(v.slotId);
    if (list) list.push(view);
    else bySlot.set(v.slotId, [view]);
  }
  return { bySlot, waitlistCounts };
}

export function getVolunteer(db: Executor, id: number): Volunteer {
  const volunteer = db.select().from(volunteers).where(eq(volunteers.id, id)).get();
  if (!volunteer) throw refuse('NOT_FOUND', volunteerMessages.volunteerNotFound, { reason: 'volunteerNotFound' });
  return volunteer;
}

/**
 * The signup behind a link mailed to its volunteer (manage, cancel, unsubscribe): NOT_FOUND once
 * its person's details were deleted (by them, with their account, by an admin, or by retention),
 * as for a cancelled one. The link's address is gone with them.
 */
export function getLinkedVolunteer(db: Executor, id: number): Volunteer {
  const volunteer = getVolunteer(db, id);
  if (volunteer.erasedAt !== null)
    throw refuse('NOT_FOUND', volunteerMessages.volunteerNotFound, { reason: 'signupErased' });
  return volunteer;
}

/** A signup with its slot and sheet. */
export function signupWithEvent(db: Executor, volunteer: Volunteer): SignupWithEvent {
  return { volunteer, ...getSlotWithSheet(db, volunteer.slotId) };
}

export interface HistoryEntry {
  id: number;
  signupTime: Date;
  notes: string | null;
  status: VolunteerStatus;
  attended: boolean | null;
  /** The hours this signup counts (see countedHours). */
  hours: number;
  slot: VolunteerSlot;
  signupSheet: SignupSheet;
}

/**
 * Whether a signup counts towards hours: a confirmed one, and once its slot has check-ins only if
 * the volunteer was marked as attended (API.md "Event day").
 */
export function countsForHours(
  signup: { status: VolunteerStatus; attended: boolean | null },
  slotHasCheckIns: boolean,
) {
  return signup.status === 'confirmed' && (!slotHasCheckIns || signup.attended === true);
}

/** SQL: whether the slot `slotId` names has any check-in recorded. */
export function slotHasCheckInsSql(slotId: SQLWrapper) {
  return sql<number>`exists (select 1 from ${volunteers} as checked where checked.slot_id = ${slotId} and checked.attended is not null)`;
}

/**
 * Signups joined with their slot and sheet, `{ volunteer, slot, sheet }`: the start of every list
 * of signups (the account history, reminders, the volunteer report); callers add where, order, limit.
 */
export function signupsWithEvent(db: Executor) {
  return db
    .select({ volunteer: volunteers, slot: volunteerSlots, sheet: signupSheets })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .$dynamic();
}

/** An account's signups with their slot and sheet, latest event first. */
export function signupHistory(db: Db, userId: number): HistoryEntry[] {
  return db
    .select({
      volunteer: volunteers,
      slot: volunteerSlots,
      sheet: signupSheets,
      slotHasCheckIns: slotHasCheckInsSql(volunteerSlots.id).mapWith(Boolean),
    })
    .from(volunteers)
    .innerJoin(volunteerSlots, eq(volunteerSlots.id, volunteers.slotId))
    .innerJoin(signupSheets, eq(signupSheets.id, volunteerSlots.signupSheetId))
    .where(eq(volunteers.userId, userId))
    .orderBy(desc(signupSheets.eventDate), desc(volunteers.signupTime))
    .all()
    .map((r) => ({
      id: r.volunteer.id,
      signupTime: r.volunteer.signupTime,
      notes: r.volunteer.notes,
      status: r.volunteer.status,
      attended: r.volunteer.attended,
      hours: countsForHours(r.volunteer, r.slotHasCheckIns) ? slotHours(r.slot) : 0,
      slot: r.slot,
      signupSheet: r.sheet,
    }));
}
