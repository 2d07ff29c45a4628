import { useSyncExternalStore } from 'react';

/**
 * What this browser remembers of a parent who signs up without an account (API.md "Signing up for
 * several slots, questions and items"): their own signups, so that the sheet page shows them as
 * theirs with the manage link, and their details, so that the next form is filled in. It lives in
 * localStorage under a versioned key; anything there that is not what this version wrote (another
 * version's shape, a hand edit, a full or disabled storage) reads as nothing remembered.
 */

export const signupMemoryKey = 'pac-hub:signups:v1';

/** The most signups remembered; the oldest go first. */
export const rememberedSignupLimit = 100;

export type RememberedStatus = 'confirmed' | 'waitlisted';

export interface RememberedSignup {
  volunteerId: number;
  slotId: number;
  sheetId: number;
  /** The token of the signup's manage link (`/my-signup?token=…`). */
  token: string;
  status: RememberedStatus;
  /** When it was remembered (ms): a sheet read before then may not list it yet. */
  savedAt: number;
}

export interface RememberedDetails {
  name: string;
  email: string;
  phone: string;
  /** The reminder checkbox as the parent last left it. */
  emailConsent: boolean;
}

export interface SignupMemory {
  signups: readonly RememberedSignup[];
  details: RememberedDetails | null;
}

// Checked by hand rather than with zod: the sheet page reads this on its first load, which zod would weigh down.
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

function asSignup(entry: unknown): RememberedSignup | null {
  if (typeof entry !== 'object' || entry === null) return null;
  const { volunteerId, slotId, sheetId, token, status, savedAt } = entry as Record<string, unknown>;
  if (!isId(volunteerId) || !isId(slotId) || !isId(sheetId)) return null;
  if (!isText(token, 500) || token === '') return null;
  if (status !== 'confirmed' && status !== 'waitlisted') return null;
  if (typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
  return { volunteerId, slotId, sheetId, token, status, savedAt };
}

function asDetails(value: unknown): RememberedDetails | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, email, phone, emailConsent } = value as Record<string, unknown>;
  if (!isText(name, 200) || !isText(email, 254) || !isText(phone, 40) || typeof emailConsent !== 'boolean') return null;
  return { name, email, phone, emailConsent };
}

const nothing: SignupMemory = { signups: [], details: null };

/** The memory in `raw` (localStorage's text), keeping every entry that is sound and dropping the rest. */
export function parseSignupMemory(raw: string | null): SignupMemory {
  if (raw === null) return nothing;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return nothing;
  }
  if (typeof data !== 'object' || data === null) return nothing;
  const record = data as Record<string, unknown>;
  const signups = Array.isArray(record.signups)
    ? record.signups.flatMap((entry) => {
        const signup = asSignup(entry);
        return signup ? [signup] : [];
      })
    : [];
  return { signups, details: asDetails(record.details) };
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Some browsers refuse access to storage altogether (blocked cookies).
    return null;
  }
}

function readRaw(): string | null {
  try {
    return storage()?.getItem(signupMemoryKey) ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; memory: SignupMemory } = { raw: null, memory: nothing };

/** The memory as stored now (the same object while the stored text is unchanged). */
export function readSignupMemory(): SignupMemory {
  const raw = readRaw();
  if (raw !== cached.raw) cached = { raw, memory: parseSignupMemory(raw) };
  return cached.memory;
}

function write(memory: SignupMemory): void {
  try {
    storage()?.setItem(signupMemoryKey, JSON.stringify(memory));
  } catch {
    // A full or disabled storage: the page works as before, it just does not remember.
  }
  for (const listener of listeners) listener();
}

/**
 * Remembers new signups (a signup already remembered is replaced) and, when given, the details
 * they were made with. At most `rememberedSignupLimit` signups are kept, the newest.
 */
export function rememberSignups(
  signups: readonly Omit<RememberedSignup, 'savedAt'>[],
  details?: RememberedDetails,
  now: number = Date.now(),
): void {
  const memory = readSignupMemory();
  const added = new Set(signups.map((s) => s.volunteerId));
  const kept = memory.signups.filter((s) => !added.has(s.volunteerId));
  const all = [...kept, ...signups.map((s) => ({ ...s, savedAt: now }))].slice(-rememberedSignupLimit);
  write({ signups: all, details: details ?? memory.details });
}

/** Forgets signups that are gone (cancelled, removed). */
export function forgetSignups(volunteerIds: readonly number[]): void {
  if (volunteerIds.length === 0) return;
  const memory = readSignupMemory();
  const gone = new Set(volunteerIds);
  const signups = memory.signups.filter((s) => !gone.has(s.volunteerId));
  if (signups.length !== memory.signups.length) write({ ...memory, signups });
}

/** Notes a remembered signup's new slot or status (a move from the manage page). */
export function updateRememberedSignup(
  volunteerId: number,
  changes: Partial<Pick<RememberedSignup, 'slotId' | 'status'>>,
): void {
  const memory = readSignupMemory();
  if (!memory.signups.some((s) => s.volunteerId === volunteerId)) return;
  write({
    ...memory,
    signups: memory.signups.map((s) => (s.volunteerId === volunteerId ? { ...s, ...changes } : s)),
  });
}

/** Changes the remembered details (the manage page's corrected name or phone), if any are remembered. */
export function updateRememberedDetails(changes: Partial<RememberedDetails>): void {
  const memory = readSignupMemory();
  if (memory.details === null) return;
  write({ ...memory, details: { ...memory.details, ...changes } });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same site signed up or cancelled.
  const onStorage = (event: StorageEvent) => {
    if (event.key === signupMemoryKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The signup memory, kept up to date. The server's rendering and the browser's hydration of it
 * see nothing remembered (the server cannot know), and the render after hydration sees the
 * browser's, so the HTML the server sent is taken over as it is.
 */
export function useSignupMemory(): SignupMemory {
  return useSyncExternalStore(subscribe, readSignupMemory, () => nothing);
}

/** A remembered signup as a slot of the sheet shows it. */
export interface RememberedOnSlot {
  volunteerId: number;
  token: string;
  status: RememberedStatus;
}

interface SheetForMemory {
  id: number;
  slots: readonly {
    id: number;
    waitlistCount: number;
    volunteers: readonly { id: number; status: RememberedStatus; isMine: boolean }[];
  }[];
}

/**
 * The remembered signups of a sheet that still stand, by the slot they are in now (a signup moved
 * from its manage page is found in its new slot), and those that are gone (cancelled or removed:
 * no slot of the sheet lists them any more). A waitlisted signup is not listed to visitors, so it
 * stands while its slot still has a waitlist. A signup remembered after `fetchedAt` (when the
 * sheet was read) is neither: the sheet may not list it yet. Signups the viewer's account already
 * shows as theirs (`isMine`) are left to that display.
 */
export function rememberedOnSheet(
  signups: readonly RememberedSignup[],
  sheet: SheetForMemory,
  fetchedAt: number,
): { bySlot: Map<number, RememberedOnSlot[]>; gone: number[] } {
  const bySlot = new Map<number, RememberedOnSlot[]>();
  const gone: number[] = [];
  const add = (slotId: number, entry: RememberedOnSlot) => {
    const list = bySlot.get(slotId);
    if (list) list.push(entry);
    else bySlot.set(slotId, [entry]);
  };
  for (const signup of signups) {
    if (signup.sheetId !== sheet.id) continue;
    let found = false;
    for (const slot of sheet.slots) {
      const view = slot.volunteers.find((v) => v.id === signup.volunteerId);
      if (!view) continue;
      found = true;
      if (!view.isMine) add(slot.id, { volunteerId: signup.volunteerId, token: signup.token, status: view.status });
    }
    if (found) continue;
    const slot = sheet.slots.find((s) => s.id === signup.slotId);
    if (signup.status === 'waitlisted' && slot && slot.waitlistCount > 0) {
      add(slot.id, { volunteerId: signup.volunteerId, token: signup.token, status: 'waitlisted' });
    } else if (signup.savedAt <= fetchedAt) {
      gone.push(signup.volunteerId);
    }
  }
  return { bySlot, gone };
}

/** The manage page of a remembered signup. */
export function manageLink(token: string): string {
  return `/my-signup?token=${encodeURIComponent(token)}`;
}
