/**
 * The baseline for the signup write path and the sheet read path: node:http and better-sqlite3 with
 * hand-written SQL, on a database with the app's schema (BENCH_DB, migrated by the runner) and the
 * app's connection settings (WAL, synchronous=FULL, foreign keys, busy timeout). It does the same
 * work per request as the app: parse and check the body, capacity check and insert in one
 * transaction, answer the row as JSON; for `slotIds` (several slots of one sheet, all or nothing),
 * the same per slot in one transaction, answering the rows; read a sheet with its slots and public
 * volunteer names.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { runChild } from '../lib/child-side';

interface SlotRow {
  id: number;
  signup_sheet_id: number;
  title: string;
  description: string | null;
  start_time: number | null;
  end_time: number | null;
  max_volunteers: number;
  current_volunteers: number;
}

interface VolunteerRow {
  id: number;
  slot_id: number;
  user_id: number | null;
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  signup_time: number;
  email_consent: number;
}

interface SheetRow {
  id: number;
  title: string;
  description: string | null;
  event_date: number;
  organizer_name: string;
  organizer_email: string;
  created_at: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** More fields for the answer (a multi-slot signup's refused `slotId`). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Who signs up, as a multi-slot signup's body gives it. */
interface Signer {
  name: string;
  email: string;
  phone: string;
  notes: string | null;
  consent: boolean;
}

/** As the app: at most this many slots in one signup. */
const maxSlotsPerSignup = 20;

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

function text(body: Record<string, unknown>, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Refusal(400, 'BAD_REQUEST', `${key} is required`);
  return value.trim();
}

function publicName(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const last = parts.length > 1 ? parts[parts.length - 1] : undefined;
  return last ? `${parts[0] ?? ''} ${last.charAt(0).toUpperCase()}.` : (parts[0] ?? '');
}

runChild(async () => {
  const path = process.env.BENCH_DB;
  if (!path) throw new Error('BENCH_DB is required');
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');

  const slotById = sqlite.prepare<[number], SlotRow>('SELECT * FROM volunteer_slots WHERE id = ?');
  const duplicate = sqlite.prepare<[number, string], { id: number }>(
    'SELECT id FROM volunteers WHERE slot_id = ? AND email = ?',
  );
  const raise = sqlite.prepare<[number]>(
    'UPDATE volunteer_slots SET current_volunteers = current_volunteers + 1 WHERE id = ? AND current_volunteers < max_volunteers',
  );
  const insert = sqlite.prepare<[number, string, string, string, string | null, number, number], VolunteerRow>(
    'INSERT INTO volunteers (slot_id, name, email, phone, notes, signup_time, email_consent) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *',
  );
  const sheetById = sqlite.prepare<[number], SheetRow>('SELECT * FROM signup_sheets WHERE id = ?');
  const slotsOfSheet = sqlite.prepare<[number], SlotRow>(
    'SELECT * FROM volunteer_slots WHERE signup_sheet_id = ? ORDER BY start_time IS NULL, start_time, title',
  );
  const volunteersOfSheet = sqlite.prepare<[number], VolunteerRow>(
    'SELECT v.* FROM volunteers v JOIN volunteer_slots s ON s.id = v.slot_id WHERE s.signup_sheet_id = ? ORDER BY v.signup_time, v.id',
  );

  const signUp = sqlite.transaction(
    (slotId: number, name: string, email: string, phone: string, notes: string | null, consent: boolean) => {
      if (!slotById.get(slotId)) throw new Refusal(404, 'NOT_FOUND', 'Volunteer slot not found');
      if (duplicate.get(slotId, email))
        throw new Refusal(409, 'CONFLICT', 'This email is already signed up for this volunteer slot');
      if (raise.run(slotId).changes === 0) throw new Refusal(409, 'CONFLICT', 'This volunteer slot is full');
      const row = insert.get(slotId, name, email, phone, notes, Date.now(), consent ? 1 : 0);
      if (!row) throw new Error('insert returned no row');
      return row;
    },
  );

  /**
   * Several slots of one sheet in one transaction: per slot the single-slot signup's statements
   * (read the slot, duplicate check, guarded UPDATE of the count, insert RETURNING); a refusal on
   * any slot (full: 409 with its slotId) rolls every slot back.
   */
  const signUpMany = sqlite.transaction((slotIds: number[], signer: Signer) => {
    const now = Date.now();
    let sheetId: number | null = null;
    const rows: VolunteerRow[] = [];
    for (const slotId of slotIds) {
      const slot = slotById.get(slotId);
      if (!slot) throw new Refusal(404, 'NOT_FOUND', 'Volunteer slot not found', { slotId });
      if (sheetId === null) sheetId = slot.signup_sheet_id;
      else if (slot.signup_sheet_id !== sheetId)
        throw new Refusal(400, 'BAD_REQUEST', 'All slots must belong to one signup sheet');
      if (duplicate.get(slotId, signer.email))
        throw new Refusal(409, 'CONFLICT', 'This email is already signed up for this volunteer slot', { slotId });
      if (raise.run(slotId).changes === 0)
        throw new Refusal(409, 'CONFLICT', 'This volunteer slot is full', { slotId });
      const row = insert.get(
        slotId,
        signer.name,
        signer.email,
        signer.phone,
        signer.notes,
        now,
        signer.consent ? 1 : 0,
      );
      if (!row) throw new Error('insert returned no row');
      rows.push(row);
    }
    return rows;
  });

  /** `slotIds` as the app takes it: 1 to 20 slot ids, each once. */
  const slotIdsOf = (value: unknown): number[] => {
    if (
      !Array.isArray(value) ||
      value.length < 1 ||
      value.length > maxSlotsPerSignup ||
      !value.every((id): id is number => typeof id === 'number' && Number.isInteger(id) && id >= 1)
    )
      throw new Refusal(400, 'BAD_REQUEST', 'Invalid slots');
    return [...new Set(value)];
  };

  const volunteerJson = (v: VolunteerRow) => ({
    id: v.id,
    slotId: v.slot_id,
    userId: v.user_id,
    name: v.name,
    email: v.email,
    phone: v.phone,
    notes: v.notes,
    signupTime: new Date(v.signup_time),
    emailConsent: v.email_consent === 1,
  });

  const readSheet = (id: number) => {
    const sheet = sheetById.get(id);
    if (!sheet) throw new Refusal(404, 'NOT_FOUND', 'Signup sheet not found');
    const slots = slotsOfSheet.all(id);
    const bySlot = new Map<number, unknown[]>();
    for (const v of volunteersOfSheet.all(id)) {
      const view = {
        id: v.id,
        slotId: v.slot_id,
        name: publicName(v.name),
        signupTime: new Date(v.signup_time),
        isMine: false,
      };
      const list = bySlot.get(v.slot_id);
      if (list) list.push(view);
      else bySlot.set(v.slot_id, [view]);
    }
    return {
      id: sheet.id,
      title: sheet.title,
      description: sheet.description,
      eventDate: new Date(sheet.event_date),
      organizerName: sheet.organizer_name,
      organizerEmail: sheet.organizer_email,
      createdAt: new Date(sheet.created_at),
      slots: slots.map((s) => ({
        id: s.id,
        signupSheetId: s.signup_sheet_id,
        title: s.title,
        description: s.description,
        startTime: s.start_time === null ? null : new Date(s.start_time),
        endTime: s.end_time === null ? null : new Date(s.end_time),
        maxVolunteers: s.max_volunteers,
        currentVolunteers: s.current_volunteers,
        volunteers: bySlot.get(s.id) ?? [],
      })),
    };
  };

  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    void (async () => {
      try {
        if (req.method === 'POST' && url === '/api/volunteers') {
          const body = await readJson(req);
          if (typeof body !== 'object' || body === null) throw new Refusal(400, 'BAD_REQUEST', 'Invalid body');
          const fields = body as Record<string, unknown>;
          if ('slotIds' in fields) {
            const rows = signUpMany(slotIdsOf(fields.slotIds), {
              name: text(fields, 'name'),
              email: text(fields, 'email').toLowerCase(),
              phone: text(fields, 'phone'),
              notes: typeof fields.notes === 'string' ? fields.notes : null,
              consent: fields.emailConsent === true,
            });
            send(res, 201, { volunteers: rows.map(volunteerJson) });
            return;
          }
          const slotId = fields.slotId;
          if (typeof slotId !== 'number' || !Number.isInteger(slotId) || slotId < 1)
            throw new Refusal(400, 'BAD_REQUEST', 'Invalid slot');
          const notes = typeof fields.notes === 'string' ? fields.notes : null;
          const row = signUp(
            slotId,
            text(fields, 'name'),
            text(fields, 'email').toLowerCase(),
            text(fields, 'phone'),
            notes,
            fields.emailConsent === true,
          );
          send(res, 201, volunteerJson(row));
          return;
        }
        const sheet = /^\/api\/signup-sheets\/(\d+)$/.exec(url);
        if (req.method === 'GET' && sheet) {
          send(res, 200, readSheet(Number(sheet[1])));
          return;
        }
        send(res, 404, { message: 'Not found', code: 'NOT_FOUND' });
      } catch (error) {
        if (error instanceof Refusal)
          send(res, error.status, { message: error.message, code: error.code, ...error.extra });
        else if (error instanceof SyntaxError)
          send(res, 400, { message: 'Request body must be valid JSON', code: 'BAD_REQUEST' });
        else {
          console.error(error);
          send(res, 500, { message: 'Unexpected error', code: 'INTERNAL_SERVER_ERROR' });
        }
      }
    })();
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          sqlite.close();
          resolve();
        });
      }),
  };
});
