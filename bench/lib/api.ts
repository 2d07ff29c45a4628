/** A small REST client for seeding the servers under test, keeping a session cookie like a browser. */

export const admin = { email: 'admin@example.org', password: 'admin-password-1' };

export class Api {
  private cookie: string | null = null;

  constructor(readonly baseUrl: string) {}

  async call<T>(method: string, path: string, body?: unknown, expect: number[] = [200, 201, 204]): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const header of res.headers.getSetCookie()) this.cookie = header.split(';')[0] ?? null;
    const text = await res.text();
    if (!expect.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : null) as T;
  }

  /** Signs in (the bootstrap admin unless another account is given); the session cookie is kept. */
  async login(account: { email: string; password: string } = admin): Promise<void> {
    await this.call('POST', '/api/auth/login', account);
  }

  /** The session cookie as `name=value` (for a browser context), or null before signing in. */
  sessionCookie(): string | null {
    return this.cookie;
  }

  async createSheet(title: string, eventDate: Date): Promise<number> {
    const sheet = await this.call<{ id: number }>('POST', '/api/signup-sheets', {
      title,
      description: `All about ${title}`,
      eventDate: eventDate.toISOString(),
      organizerName: 'Olivia Organizer',
      organizerEmail: 'olivia@example.org',
    });
    return sheet.id;
  }

  async createSlot(
    signupSheetId: number,
    title: string,
    maxVolunteers: number,
    startTime: Date | null = null,
  ): Promise<number> {
    const slot = await this.call<{ id: number }>('POST', '/api/volunteer-slots', {
      signupSheetId,
      title,
      maxVolunteers,
      ...(startTime
        ? { startTime: startTime.toISOString(), endTime: new Date(startTime.getTime() + 3_600_000).toISOString() }
        : {}),
    });
    return slot.id;
  }

  signUp(slotId: number, n: number, tag = 'v'): Promise<unknown> {
    return this.call('POST', '/api/volunteers', signupBody(slotId, n, tag), [201]);
  }

  /**
   * Upcoming sheets, one per title: the i-th 3 + 4i days ahead with 4 + i hourly slots of 2 to 4
   * places and 3 (i + 1) of them taken (emails tagged `${tag}${i}-`). Answers their ids.
   */
  async seedSheets(titles: readonly string[], tag: string): Promise<number[]> {
    const ids: number[] = [];
    for (const [i, title] of titles.entries()) {
      const day = inDays(3 + i * 4);
      const sheetId = await this.createSheet(title, day);
      const slots: number[] = [];
      for (let s = 0; s < 4 + i; s++)
        slots.push(
          await this.createSlot(
            sheetId,
            `${title} shift ${s + 1}`,
            2 + (s % 3),
            new Date(day.getTime() + s * 3_600_000),
          ),
        );
      await this.seedSignups(slots, 3 * (i + 1), `${tag}${i}-`);
      ids.push(sheetId);
    }
    return ids;
  }

  /** Signs up `count` volunteers, `width` requests at a time, round-robin over `slots`. */
  seedSignups(slots: number[], count: number, tag: string, width = 8): Promise<void> {
    return pool(count, width, (i) => this.signUp(slots[i % slots.length] ?? 0, i, tag));
  }
}

/** A signup whose email is unique for `n`. */
export function signupBody(slotId: number, n: number, tag = 'v'): Record<string, unknown> {
  return {
    slotId,
    name: `Volunteer ${tag}${n} Parent`,
    email: `${tag}${n}@bench.example.org`,
    phone: '555-0100',
    emailConsent: n % 2 === 0,
  };
}

/** A signup for several slots of one sheet at once (`slotIds`), the email unique for `n`. */
export function multiSignupBody(slotIds: number[], n: number, tag = 'v'): Record<string, unknown> {
  const { slotId: _slotId, ...fields } = signupBody(0, n, tag);
  return { slotIds, ...fields };
}

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** Runs `task` for 0..count-1, `width` at a time. */
export async function pool(count: number, width: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < count; i = next++) await task(i);
    }),
  );
}

/** The GET the web app's tRPC client (httpBatchLink, superjson) sends for `sheets.byId`. */
export function trpcSheetPath(id: number): string {
  return `/trpc/sheets.byId?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { id } } }))}`;
}
