import { createHash } from 'node:crypto';
/**
 * API.md "Mail that cannot be turned against anyone", the mail itself: one mailbox receives at most
 * MAIL_PER_ADDRESS_PER_DAY emails a day whatever sends them (a link the person asked for still goes),
 * and an unsubscribe is by address: no organizer's edit and no later signup turns reminders back on,
 * only the person, from the link mailed to them. Written as the attacks that found the gaps: a rogue
 * organizer's reminder flood, an unsubscribe undone behind the person's back, and a burst of signups
 * from many networks.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  inDays,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { rawHeader, type ReceivedMail, smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

const budget = 20;

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: {
      ...smtpEnv(smtp),
      PUBLIC_BASE_URL: 'http://pac.test',
      TRUST_PROXY: 'loopback',
      MAIL_PER_ADDRESS_PER_DAY: String(budget),
      SIGNUP_RATE_LIMIT: '1000',
    },
  });
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
});

/** The mailbox an address reaches, as API.md compares them: case does not count, a +tag is dropped. */
const mailboxOf = (address: string) => address.toLowerCase().replace(/\+[^@]*@/, '@');
const to = (address: string) => (mail: ReceivedMail) =>
  mail.envelopeTo.some((a) => mailboxOf(a) === mailboxOf(address));

/** Waits for every mail the server has begun sending, then what `address`'s mailbox got. */
async function received(address: string, from = server): Promise<ReceivedMail[]> {
  await from.runtime.mail.flush();
  return smtp.messages.filter(to(address));
}

/** An account with `role`, signed in. */
async function account(name: string, role: 'organizer' | 'member'): Promise<ApiClient & { id: number }> {
  const client = new ApiClient(server.url);
  const email = `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
  const res = await client.post<{ id: number }>('/api/auth/register', { name, email, password: 'secret-pass' });
  if (res.status !== 201 && res.status !== 200) throw new Error(`register ${res.status}`);
  if (role !== 'member') expect((await admin.patch(`/api/users/${res.body.id}`, { role })).status).toBe(200);
  return Object.assign(client, { id: res.body.id });
}

async function sheetWithSlots(
  owner: ApiClient,
  title: string,
  slots: number,
): Promise<{ sheetId: number; slotIds: number[] }> {
  const sheet = await owner.post<{ id: number }>('/api/signup-sheets', {
    title,
    description: 'Prizes for everyone',
    eventDate: inDays(5),
    organizerName: 'Rogue Organizer',
    organizerEmail: 'rogue@example.org',
  });
  expect(sheet.status).toBe(201);
  const slotIds: number[] = [];
  for (let i = 0; i < slots; i++) {
    const slot = await owner.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheet.body.id,
      title: `WIN A PRIZE at prize-claim.example #${i + 1}`,
      maxVolunteers: 1,
    });
    expect(slot.status).toBe(201);
    slotIds.push(slot.body.id);
  }
  return { sheetId: sheet.body.id, slotIds };
}

function signUp(client: ApiClient, slotId: number, email: string, emailConsent = true) {
  return client.post<{ id: number; confirmationEmail: boolean; emailConsent: boolean }>('/api/volunteers', {
    slotId,
    name: 'Val Victim',
    email,
    phone: '555-0100',
    emailConsent,
  });
}

/** The reminder-emails link (id and token) in a mail's List-Unsubscribe header. */
function reminderLink(mail: ReceivedMail | undefined): { id: string; token: string } {
  const url = new URL((mail ? (rawHeader(mail, 'List-Unsubscribe') ?? '') : '').replace(/[<>]/g, ''));
  return { id: url.pathname.split('/').at(-1) ?? '', token: url.searchParams.get('token') ?? '' };
}

describe('one mailbox gets at most MAIL_PER_ADDRESS_PER_DAY emails a day', () => {
  it("ends a rogue organizer's flood (40 one-spot slots, the victim on each, every reminder) at the budget", async () => {
    const victim = 'victim@example.net';
    const rogue = await account('Rogue', 'organizer');
    const { sheetId, slotIds } = await sheetWithSlots(rogue, 'Prize Night', 40);
    // The victim on each slot, spelled every way a mailbox can be: case and +tags.
    for (const [i, slotId] of slotIds.entries()) {
      const spelling = i % 3 === 0 ? victim : i % 3 === 1 ? `Victim+${i}@Example.net` : `victim+prize${i}@example.net`;
      expect((await signUp(rogue, slotId, spelling)).status).toBe(201);
    }
    const sends = [];
    for (const reminderType of ['week', 'day', 'hour'] as const) {
      const sent = await rogue.post<{ sent: number; heldBack: number; message: string }>('/api/reminders/send', {
        signupSheetId: sheetId,
        reminderType,
      });
      expect(sent.status).toBe(200);
      sends.push(sent.body);
    }
    const mails = await received(victim);
    expect(mails.length).toBe(budget);
    // 120 reminders were asked for; what the budget left after the confirmations went, the rest was held back and said so.
    const remindersSent = sends.reduce((n, s) => n + s.sent, 0);
    expect(remindersSent + sends.reduce((n, s) => n + s.heldBack, 0)).toBe(3 * 40);
    expect(remindersSent).toBe(mails.filter((m) => m.parsed.subject?.startsWith('Reminder')).length);
    expect(sends.at(-1)?.message).toMatch(/held back \(those addresses have had 20 emails today\)$/);
    expect(
      // Counted by the mailbox's SHA-256, not its address (what an erasure must not leave behind).
      queryOne<{ sent: number }>(
        server.databasePath,
        'SELECT sent FROM mail_daily_counts WHERE mailbox = ?',
        createHash('sha256').update(victim).digest('hex'),
      ).sent,
    ).toBe(budget);

    // Another mailbox is untouched by the victim's budget.
    const bystander = 'bystander@example.net';
    const { slotIds: other } = await sheetWithSlots(admin, 'Bake Sale', 1);
    expect(
      (await signUp(new ApiClient(server.url, { 'X-Forwarded-For': '198.51.100.7' }), other[0] ?? 0, bystander)).body,
    ).toMatchObject({ confirmationEmail: true });
    expect((await received(bystander)).length).toBe(1);

    // A link the person asks for still goes: the victim registers and is sent the verification link.
    const own = new ApiClient(server.url);
    expect(
      (await own.post('/api/auth/register', { name: 'Val', email: victim, password: 'victim-pass-1' })).status,
    ).toBe(201);
    const after = await received(victim);
    expect(after.length).toBe(budget + 1);
    expect(after.at(-1)?.parsed.text).toContain('/verify-email?token=');
  });

  it('holds under a burst: 50 parallel signups of one address from 50 networks send at most the budget', async () => {
    const small = await startTestServer({
      env: { ...smtpEnv(smtp), TRUST_PROXY: 'loopback', MAIL_PER_ADDRESS_PER_DAY: '3', SIGNUP_RATE_LIMIT: '5' },
    });
    try {
      const owner = new ApiClient(small.url);
      await owner.login(adminCredentials.email, adminCredentials.password);
      const sheet = await owner.post<{ id: number }>('/api/signup-sheets', {
        title: 'Burst Fair',
        description: 'Many hands',
        eventDate: inDays(5),
        organizerName: 'Ann Lee',
        organizerEmail: 'ann@example.org',
      });
      const slot = await owner.post<{ id: number }>('/api/volunteer-slots', {
        signupSheetId: sheet.body.id,
        title: 'Everything',
        maxVolunteers: 100,
      });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          new ApiClient(small.url, { 'X-Forwarded-For': `2001:db8:${i.toString(16)}::1` }).post<{
            confirmationEmail: boolean;
          }>('/api/volunteers', {
            slotId: slot.body.id,
            name: `Burst ${i}`,
            // One mailbox, a new spelling each time (the same spelling twice is one person signing up twice: 409).
            email: i % 2 ? `burst+${i}@example.com` : `Burst+${i}@Example.com`,
            phone: '555-0100',
            emailConsent: false,
          }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 201));
      // Every signup stands; the confirmations promised are exactly those the budget allowed.
      expect(answers.filter((a) => a.body.confirmationEmail).length).toBe(3);
      expect((await received('burst@example.com', small)).length).toBe(3);
    } finally {
      await small.stop();
    }
  });
});

describe('an unsubscribe holds by address', () => {
  it("survives the organizer's PATCH and a new signup, until the person turns reminders back on from the mailed link", async () => {
    const person = 'pat.parent@example.org';
    const organizer = await account('Olu', 'organizer');
    const { sheetId, slotIds } = await sheetWithSlots(organizer, 'Library Book Fair', 3);
    const [first = 0, second = 0] = slotIds;
    const signup = await signUp(organizer, first, person);
    expect(signup.status).toBe(201);
    const [confirmation] = await received(person);
    const link = reminderLink(confirmation);

    // The person stops reminders with the link in their email.
    const stop = await fetch(`${server.url}/api/reminders/unsubscribe/${link.id}?token=${link.token}`, {
      method: 'POST',
    });
    expect(stop.status).toBe(200);
    const status = await fetch(`${server.url}/api/reminders/unsubscribe/${link.id}?token=${link.token}`);
    expect(await status.json()).toEqual({ email: person, stopped: true });

    // The organizer turns consent back on, and signs the address up again under another spelling.
    expect((await organizer.patch(`/api/volunteers/${signup.body.id}`, { emailConsent: true })).status).toBe(200);
    const again = await signUp(organizer, second, 'Pat.Parent+fair@Example.org');
    expect(again.status).toBe(201);
    expect(again.body.emailConsent).toBe(false);
    smtp.messages.length = 0;
    const week = await organizer.post<{ sent: number }>('/api/reminders/send', {
      signupSheetId: sheetId,
      reminderType: 'week',
    });
    expect(week.body.sent).toBe(0);
    expect((await received(person)).filter((m) => m.parsed.subject?.startsWith('Reminder'))).toEqual([]);
    const pending = await organizer.get<{ signupSheets: { id: number; recipients: { week: number } }[] }>(
      '/api/reminders/pending',
    );
    expect(pending.body.signupSheets.find((s) => s.id === sheetId)?.recipients.week).toBe(0);

    // The second signup's confirmation says why no reminders will come, with the way back.
    const [secondConfirmation] = await received('pat.parent+fair@example.org');
    expect(secondConfirmation?.parsed.text).toContain('You asked us earlier to stop reminder emails to this address');
    const back = new URL(
      /To get reminders again: (\S+)/.exec(secondConfirmation?.parsed.text ?? '')?.[1] ?? 'http://x',
    );
    expect(back.origin + back.pathname).toMatch(/^http:\/\/pac\.test\/unsubscribe\/\d+$/);

    // Forged or copied tokens do nothing; the mailed link does.
    const forged = await fetch(
      `${server.url}/api/reminders/resubscribe/${back.pathname.split('/').at(-1)}?token=${'x'.repeat(43)}`,
      {
        method: 'POST',
      },
    );
    expect(forged.status).toBe(403);
    const resumed = await fetch(
      `${server.url}/api/reminders/resubscribe/${back.pathname.split('/').at(-1)}?token=${back.searchParams.get('token')}`,
      { method: 'POST' },
    );
    expect(resumed.status).toBe(200);
    expect(await resumed.json()).toMatchObject({ message: 'Reminder emails are back on' });
    expect(queryOne<{ n: number }>(server.databasePath, 'SELECT count(*) AS n FROM mail_suppressions').n).toBe(0);

    smtp.messages.length = 0;
    const day = await organizer.post<{ sent: number }>('/api/reminders/send', {
      signupSheetId: sheetId,
      reminderType: 'day',
    });
    // Reminders reach the address again: the signup whose link it was, and the one the organizer had set.
    expect(day.body.sent).toBeGreaterThanOrEqual(1);
    expect((await received('pat.parent+fair@example.org')).some((m) => m.parsed.subject?.startsWith('Reminder'))).toBe(
      true,
    );
  });
});
