/**
 * API.md "Mail that cannot be turned against anyone", the limits' keys: an IPv6 client is limited by
 * its /64 network (one subscriber gets a whole /64 and can take a new address in it for every
 * request), for signups and failed logins alike; signups an organizer enters for other people count
 * toward SIGNUP_RATE_LIMIT (admins stay exempt); and a confirmation email is limited per mailbox, so
 * `+tags` and capitals do not multiply what one inbox receives. The server trusts loopback as its
 * proxy, so each request names its client in X-Forwarded-For.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminCredentials,
  ApiClient,
  createSheetWithSlot,
  inDays,
  queryOne,
  startTestServer,
  type TestServer,
} from '../../test/support/harness';
import { smtpEnv, startTestSmtp, type TestSmtp } from '../../test/support/smtp';

const maxFailures = 2;
/** One address may fail 4 times as many logins as one account (API.md). */
const addressFailures = maxFailures * 4;
const signupLimit = 30;
/** Confirmation emails one mailbox receives in an hour (API.md). */
const confirmationsPerHour = 5;
const tooManySignups = 'Too many signups from this network. Please try again later.';

let smtp: TestSmtp;
let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  smtp = await startTestSmtp();
  server = await startTestServer({
    env: {
      ...smtpEnv(smtp),
      TRUST_PROXY: 'loopback',
      LOGIN_MAX_FAILURES: String(maxFailures),
      SIGNUP_RATE_LIMIT: String(signupLimit),
    },
  });
  admin = new ApiClient(server.url, { 'X-Forwarded-For': '192.0.2.1' });
  await admin.login(adminCredentials.email, adminCredentials.password);
});
afterAll(async () => {
  await server.stop();
  await smtp.close();
});

/** A client whose requests come from `address`, as the trusted proxy says. */
const from = (address: string) => new ApiClient(server.url, { 'X-Forwarded-For': address });

/**
 * The i-th of many addresses inside the /64 `network` (four groups, e.g. '2001:db8:0:1'), each
 * spelled differently: compressed, in capitals, with every leading zero written out.
 */
function inside(network: string, i: number): string {
  const groups = network.split(':').map((group) => parseInt(group, 16));
  const host = [(i * 7919) & 0xffff, i >> 16, (i * 31) & 0xffff, i + 1];
  switch (i % 3) {
    case 0:
      return `${groups.map((g) => g.toString(16)).join(':')}:${host[0]?.toString(16)}::${host[3]?.toString(16)}`;
    case 1:
      return [...groups, ...host].map((g) => g.toString(16).toUpperCase()).join(':');
    default:
      return [...groups, ...host].map((g) => g.toString(16).padStart(4, '0')).join(':');
  }
}

function signupBody(slotId: number, i: number, email = `person${i}-${slotId}@example.org`) {
  return { slotId, name: `Person ${i}`, email, phone: '555-0100' };
}

function volunteersOn(slotId: number): number {
  return queryOne<{ n: number }>(server.databasePath, 'SELECT count(*) AS n FROM volunteers WHERE slot_id = ?', slotId)
    .n;
}

describe('signups from rotating IPv6 addresses', () => {
  it('count every address of one /64 as one client: the 31st signup from 31 addresses in it answers 429', async () => {
    const { slotId } = await createSheetWithSlot(admin, 100, { title: 'Rotation Fair' });
    const addresses = Array.from({ length: signupLimit + 1 }, (_, i) => inside('2001:db8:0:1', i));
    expect(new Set(addresses).size).toBe(signupLimit + 1);
    const statuses: number[] = [];
    for (const [i, address] of addresses.entries()) {
      const res = await from(address).post('/api/volunteers', signupBody(slotId, i));
      statuses.push(res.status);
      if (i === signupLimit) expect(res.body.message).toBe(tooManySignups);
    }
    expect(statuses).toEqual([...Array.from({ length: signupLimit }, () => 201), 429]);
    expect(volunteersOn(slotId)).toBe(signupLimit);

    // Another /64, the same address in IPv4 and an IPv4-mapped address are other clients.
    for (const [i, address] of ['2001:db8:0:2::1', '203.0.113.40', '::ffff:203.0.113.41'].entries()) {
      const res = await from(address).post('/api/volunteers', signupBody(slotId, 100 + i));
      expect(res.status).toBe(201);
    }
  });
});

describe('failed logins from rotating IPv6 addresses', () => {
  let n = 0;
  async function account(): Promise<{ email: string; password: string }> {
    n += 1;
    const email = `rotating${n}@example.org`;
    const password = `right-pass-${n}`;
    const res = await from('192.0.2.50').post('/api/auth/register', { name: `Rotating ${n}`, email, password });
    expect(res.status).toBe(201);
    return { email, password };
  }

  /**
   * One wrong password against each of addressFailures + 1 accounts, the i-th sent from
   * `address(i)`, then the first account's right password from `address(addressFailures + 1)`.
   */
  async function guessAround(address: (i: number) => string) {
    const targets = await Promise.all(Array.from({ length: addressFailures + 1 }, () => account()));
    const guesses: { status: number; message: unknown }[] = [];
    for (const [i, target] of targets.entries()) {
      const res = await from(address(i)).post('/api/auth/login', { email: target.email, password: 'wrong-guess' });
      guesses.push({ status: res.status, message: res.body.message });
    }
    const right = await from(address(targets.length)).post('/api/auth/login', targets[0]);
    return { targets, guesses, right: right.status };
  }

  it('meet the per-address cap exactly as one address does, while another /64 still logs in', async () => {
    const oneAddress = await guessAround(() => '2001:db8:0:5::1');
    const rotating = await guessAround((i) => inside('2001:db8:0:3', i));

    // The cap: addressFailures wrong passwords checked, then 429 unchecked, the right one included.
    const expected = [...Array.from({ length: addressFailures }, () => 401), 429];
    expect(oneAddress.guesses.map((g) => g.status)).toEqual(expected);
    expect(oneAddress.right).toBe(429);
    expect(rotating.guesses.map((g) => g.status)).toEqual(expected);
    expect(rotating.right).toBe(429);
    expect(rotating.guesses.at(-1)?.message).toMatch(
      /^Too many failed login attempts\. Please try again in \d+ minutes?\.$/,
    );

    // Each account failed once, under LOGIN_MAX_FAILURES: from another /64 its owner logs in.
    const [first] = rotating.targets;
    expect((await from('2001:db8:0:4:1:2:3:4').post('/api/auth/login', first)).status).toBe(200);
  });
});

describe('signups an organizer enters for other people', () => {
  it('count toward SIGNUP_RATE_LIMIT, even on a slot that has started; an admin entering them is exempt', async () => {
    const organizer = from('198.51.100.20');
    const registered = await organizer.post<{ id: number }>('/api/auth/register', {
      name: 'Olga Organizer',
      email: 'olga@example.org',
      password: 'secret-pass',
    });
    expect(registered.status).toBe(201);
    expect((await admin.patch(`/api/users/${registered.body.id}`, { role: 'organizer' })).status).toBe(200);
    const sheet = await organizer.post<{ id: number }>('/api/signup-sheets', {
      title: 'Phone-in Fair',
      eventDate: inDays(1),
      organizerName: 'Olga Organizer',
      organizerEmail: 'olga@example.org',
    });
    expect(sheet.status).toBe(201);
    const started = new Date(Date.now() - 3_600_000);
    const slot = await organizer.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheet.body.id,
      title: 'Gate',
      maxVolunteers: 100,
      startTime: started.toISOString(),
      endTime: new Date(started.getTime() + 2 * 3_600_000).toISOString(),
    });
    expect(slot.status).toBe(201);
    const slotId = slot.body.id;

    const statuses: number[] = [];
    for (let i = 0; i <= signupLimit; i++) {
      const res = await organizer.post('/api/volunteers', signupBody(slotId, i));
      statuses.push(res.status);
      if (i === signupLimit) expect(res.body.message).toBe(tooManySignups);
    }
    expect(statuses).toEqual([...Array.from({ length: signupLimit }, () => 201), 429]);
    expect(volunteersOn(slotId)).toBe(signupLimit);

    // An admin, from the very address the organizer used up, enters as many again.
    const admin2 = new ApiClient(server.url, { 'X-Forwarded-For': '198.51.100.20' });
    await admin2.login(adminCredentials.email, adminCredentials.password);
    for (let i = 0; i <= signupLimit; i++) {
      const res = await admin2.post('/api/volunteers', signupBody(slotId, 1000 + i));
      expect(res.status).toBe(201);
    }
    expect(volunteersOn(slotId)).toBe(2 * signupLimit + 1);
  });
});

describe('confirmation emails to one mailbox', () => {
  it('are capped however the address is spelled (+tags, capitals); the signups still succeed', async () => {
    const { slotId } = await createSheetWithSlot(admin, 20, { title: 'Inbox Fair' });
    const spellings = [
      'victim@example.org',
      'Victim+1@example.org',
      'victim+2@example.org',
      'VICTIM+news@Example.ORG',
      'victim+4@EXAMPLE.org',
      'Victim+5@example.org',
      'victim+6@example.org',
      'vIcTiM+7@example.org',
    ];
    await server.runtime.mail.flush();
    const toVictim = () =>
      smtp.messages.filter((m) => m.envelopeTo.some((to) => /^victim(\+[^@]*)?@example\.org$/i.test(to))).length;
    const before = toVictim();
    const answers: { status: number; confirmationEmail: unknown }[] = [];
    for (const [i, email] of spellings.entries()) {
      // A different client each time: the signup limit is not what stops them.
      const res = await from(`203.0.113.${100 + i}`).post('/api/volunteers', signupBody(slotId, i, email));
      answers.push({ status: res.status, confirmationEmail: res.body.confirmationEmail });
    }
    expect(answers.map((a) => a.status)).toEqual(spellings.map(() => 201));
    expect(answers.map((a) => a.confirmationEmail)).toEqual(spellings.map((_, i) => i < confirmationsPerHour));
    await server.runtime.mail.flush();
    expect(toVictim() - before).toBe(confirmationsPerHour);
    // Another mailbox at the same domain still gets its confirmation.
    const other = await from('203.0.113.120').post(
      '/api/volunteers',
      signupBody(slotId, 99, 'victimized+1@example.org'),
    );
    expect(other.status).toBe(201);
    expect(other.body.confirmationEmail).toBe(true);
  });
});
