import { signupSheets, users, volunteers, volunteerSlots } from '@pac/db';
import { i18nFor } from '@pac/i18n/server';
import type { MailMessage } from '@pac/notify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createContextInner, type ServiceContext } from '../context';
import type { SignupWithEvent } from '../lib/signupEmail';
import type { Runtime } from '../runtime';
import { setSetting } from '../settings/service';
import { sendReminderEmail, sendSignupConfirmation } from '../volunteers/mail';
import { sendPromotionEmail } from '../waitlist/mail';
import { createTestDb, insertUser, type TestDb, testConfig, testRuntime } from '../../test/db';
import { organizerI18n, recipientI18n, volunteerI18n } from './language';
import type { Sender } from './mailRuntime';

/** The language a volunteer signed up in writes their mail; an account's language, its notices. */

let t: TestDb;
let runtime: Runtime;
let ctx: ServiceContext;
const sent: MailMessage[] = [];
/** 9:00 AM on Saturday, May 3, 2031 in Vancouver. */
const start = new Date('2031-05-03T16:00:00.000Z');

beforeAll(() => {
  t = createTestDb();
  runtime = testRuntime(t.db);
  vi.spyOn(runtime.mail, 'send').mockImplementation((_sender: Sender, message: MailMessage) => {
    sent.push(message);
    return Promise.resolve();
  });
  setSetting(t.db, 'senderEmail', 'pac.sender@example.org');
  setSetting(t.db, 'senderPassword', 'abcdefghijklmnop');
  ctx = createContextInner({ db: t.db, config: testConfig, runtime });
});
afterAll(() => t.cleanup());
beforeEach(() => {
  sent.length = 0;
});

/** A signup in `language` on a new sheet, written directly. */
function signupIn(language: string, status: 'confirmed' | 'waitlisted' = 'confirmed'): SignupWithEvent {
  const sheet = t.db
    .insert(signupSheets)
    .values({
      title: 'Spring Fair',
      eventDate: start,
      organizerName: 'Pat Organizer',
      organizerEmail: 'pat@example.org',
    })
    .returning()
    .get();
  const slot = t.db
    .insert(volunteerSlots)
    .values({ signupSheetId: sheet.id, title: 'Setup', startTime: start, maxVolunteers: 3 })
    .returning()
    .get();
  const volunteer = t.db
    .insert(volunteers)
    .values({
      slotId: slot.id,
      name: 'Casey',
      email: 'casey@example.org',
      phone: '555-0100',
      status,
      emailConsent: true,
      language,
    })
    .returning()
    .get();
  return { volunteer, slot, sheet };
}

function only(): MailMessage {
  expect(sent).toHaveLength(1);
  const [mail] = sent;
  if (!mail) throw new Error('no mail');
  return mail;
}

const inLanguage = (language: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(language, { ...options, timeZone: testConfig.timeZone }).format(start);

describe("a volunteer's mail", () => {
  it('is in the language they signed up in: Punjabi dates in Gurmukhi', async () => {
    await sendSignupConfirmation(ctx, signupIn('pa'));
    const mail = only();
    expect(mail.html).toContain('<html lang="pa">');
    const when = inLanguage('pa', { dateStyle: 'full', timeStyle: 'short' });
    expect(when).toContain('ਮਈ');
    expect(mail.text).toContain(when);
    expect(mail.text).not.toContain('Saturday');
    // The words are Punjabi too; the List-Unsubscribe headers stay as they are.
    expect(mail.subject).toBe(
      i18nFor('pa')._("You're signed up: {slotTitle} – {sheetTitle}", {
        slotTitle: 'Setup',
        sheetTitle: 'Spring Fair',
      }),
    );
    expect(mail.subject).not.toContain("You're signed up");
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('reminds in Farsi: Persian calendar and digits, right to left', async () => {
    await sendReminderEmail(ctx, signupIn('fa'), 'day', new Date('2031-05-02T16:00:00.000Z'));
    const mail = only();
    expect(mail.html).toContain('<html lang="fa" dir="rtl">');
    const day = inLanguage('fa', { weekday: 'long', month: 'long', day: 'numeric' });
    expect(day).toContain('اردیبهشت');
    expect(mail.subject).toContain(day);
    expect(mail.text).toMatch(/[۰-۹]/);
  });

  it('tells of a promotion off the waitlist in their language', async () => {
    await sendPromotionEmail(ctx, signupIn('pa', 'waitlisted'));
    const mail = only();
    expect(mail.html).toContain('<html lang="pa">');
    expect(mail.text).toContain(inLanguage('pa', { dateStyle: 'full', timeStyle: 'short' }));
  });

  it('falls back to English for a language that is not ours', () => {
    expect(volunteerI18n({ language: 'xx' }).locale).toBe('en');
    expect(volunteerI18n({ language: 'zh-Hant' }).locale).toBe('zh-Hant');
  });
});

describe('notices to an account', () => {
  it("are in the recipient account's language, else the fallback (English)", async () => {
    const reader = await insertUser(t.db, { email: 'reader@example.org' });
    t.db.update(users).set({ language: 'ko' }).where(eq(users.id, reader.id)).run();
    expect(recipientI18n(t.db, 'Reader@Example.org').locale).toBe('ko');
    expect(recipientI18n(t.db, 'nobody@example.org').locale).toBe('en');
    expect(recipientI18n(t.db, 'nobody@example.org', 'fr').locale).toBe('fr');
  });

  it("reach a sheet's organizer in the language of the organizer address's account, else the owner's", async () => {
    const owner = await insertUser(t.db, { role: 'organizer' });
    t.db.update(users).set({ language: 'es' }).where(eq(users.id, owner.id)).run();
    expect(organizerI18n(t.db, { organizerEmail: 'reader@example.org', ownerId: owner.id }).locale).toBe('ko');
    expect(organizerI18n(t.db, { organizerEmail: 'elsewhere@example.org', ownerId: owner.id }).locale).toBe('es');
    expect(organizerI18n(t.db, { organizerEmail: 'elsewhere@example.org', ownerId: null }).locale).toBe('en');
  });
});
