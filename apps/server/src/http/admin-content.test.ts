import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCredentials, ApiClient, inDays, startTestServer, type TestServer } from '../../test/support/harness';

let server: TestServer;
let admin: ApiClient;
let parent: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = new ApiClient(server.url);
  await admin.login(adminCredentials.email, adminCredentials.password);
  parent = new ApiClient(server.url);
  await parent.post('/api/auth/register', { name: 'Pat', email: 'pat@example.org', password: 'secret-pass' });
});
afterAll(() => server.stop());

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 2)]);
const webp = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(100, 3),
]);

async function upload(client: ApiClient, path: string, field: string, bytes: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([bytes], { type }), filename);
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    body: form,
    headers: client.cookie ? { Cookie: client.cookie } : {},
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('settings', () => {
  it('stores adminEmail and senderEmail, and never sends the sender password back', async () => {
    expect(
      (await admin.post('/api/settings/adminEmail', { key: 'adminEmail', value: 'chair@example.org' })).body,
    ).toEqual({
      key: 'adminEmail',
      value: 'chair@example.org',
    });
    expect((await admin.get('/api/settings/adminEmail')).body).toEqual({
      key: 'adminEmail',
      value: 'chair@example.org',
    });
    expect((await admin.get('/api/settings/senderPassword')).body).toEqual({
      key: 'senderPassword',
      configured: false,
    });
    const saved = await admin.post('/api/settings/senderPassword', {
      key: 'senderPassword',
      value: 'abcd efgh ijkl mnop',
    });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('abcd');
    const read = await admin.get('/api/settings/senderPassword');
    expect(read.body).toEqual({ key: 'senderPassword', configured: true });
  });

  it('refuses bad values and keys with the SPEC messages, and non-admins', async () => {
    const bad = await admin.post('/api/settings/adminEmail', { value: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address');
    const empty = await admin.post('/api/settings/adminEmail', { value: '' });
    expect(empty.body.message).toBe('Value cannot be empty');
    expect((await admin.post('/api/settings/senderPassword', { value: '' })).body.message).toBe(
      'App password is required',
    );
    expect((await admin.post('/api/settings/heroImageUrl', { value: 'x' })).status).toBe(400);
    expect((await admin.get('/api/settings/notAKey')).status).toBe(400);
    expect((await parent.post('/api/settings/adminEmail', { value: 'evil@example.org' })).status).toBe(403);
    expect((await parent.get('/api/settings/adminEmail')).status).toBe(403);
    expect((await new ApiClient(server.url).get('/api/settings/adminEmail')).status).toBe(401);
    expect((await admin.get('/api/settings/adminEmail')).body.value).toBe('chair@example.org');
  });
});

describe('hero content', () => {
  it('answers the defaults until set, then what the admin saved', async () => {
    const initial = await new ApiClient(server.url).get<{
      title: string;
      bullets: { text: string; visible: boolean }[];
    }>('/api/hero-content');
    expect(initial.status).toBe(200);
    expect(initial.body.bullets).toHaveLength(3);
    expect(initial.body.bullets[0]).toMatchObject({ visible: true });
    const saved = await admin.patch('/api/hero-content', {
      title: 'Help at the Spring Fair',
      description: 'Many hands make light work.',
      primaryCtaText: 'Sign up',
      primaryCtaHref: '/signup-sheet/1',
      secondaryCtaText: 'About us',
      secondaryCtaHref: '#',
      bullets: ['Fun', { text: 'Friendly', visible: false }],
      statPrimary: '250+',
      statSecondary: 'volunteers last year',
      visibility: {
        title: true,
        description: true,
        primaryCta: true,
        secondaryCta: true,
        statPrimary: true,
        statSecondary: true,
        bullets: true,
      },
    });
    expect(saved.status).toBe(200);
    const read = await new ApiClient(server.url).get('/api/hero-content');
    expect(read.body).toMatchObject({
      title: 'Help at the Spring Fair',
      bullets: [
        { text: 'Fun', visible: true },
        { text: 'Friendly', visible: false },
      ],
    });
  });

  it('refuses an empty visible field, over-long text and bad links, and changes nothing', async () => {
    const before = (await admin.get('/api/hero-content')).body;
    const empty = await admin.patch('/api/hero-content', { ...before, title: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please check visible fields for required content');
    expect(empty.body.issues).toEqual(
      expect.arrayContaining([{ path: 'title', message: 'Title is required when visible' }]),
    );
    const hidden = await admin.patch('/api/hero-content', {
      ...before,
      title: '',
      visibility: { ...(before.visibility as object), title: false },
    });
    expect(hidden.status).toBe(200);
    expect((await admin.patch('/api/hero-content', { ...before, title: 'x'.repeat(101) })).status).toBe(400);
    expect((await admin.patch('/api/hero-content', { ...before, primaryCtaHref: 'javascript:alert(1)' })).status).toBe(
      400,
    );
    expect(
      (await admin.patch('/api/hero-content', { ...before, bullets: ['a', 'b', 'c', 'd', 'e', 'f'] })).status,
    ).toBe(400);
    expect((await parent.patch('/api/hero-content', before)).status).toBe(403);
  });
});

describe('image uploads', () => {
  it('accepts PNG, JPEG and WebP by their bytes, serves them with the right type, and removes the replaced file', async () => {
    const first = await upload(admin, '/api/admin/upload/hero-image', 'heroImage', png, 'photo.png', 'image/png');
    expect(first.status).toBe(200);
    const firstUrl = String(first.body.url);
    expect(firstUrl).toMatch(/^\/uploads\/hero-[a-f0-9]{24}\.png$/);
    const served = await fetch(`${server.url}${firstUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await admin.get('/api/settings/heroImageUrl')).body.value).toBe(firstUrl);

    // A JPEG named .png is stored as what its bytes say.
    const second = await upload(admin, '/api/admin/upload/hero-image', 'heroImage', jpeg, 'sneaky.png', 'image/png');
    expect(String(second.body.url)).toMatch(/\.jpg$/);
    expect((await fetch(`${server.url}${firstUrl}`)).status).toBe(404);
    const heroFiles = readdirSync(join(server.dir, 'uploads')).filter((f) => f.startsWith('hero-'));
    expect(heroFiles).toHaveLength(1);

    const logo = await upload(admin, '/api/settings/logo-upload', 'logo', webp, 'logo.webp', 'image/webp');
    expect(logo.status).toBe(200);
    const logoUrl = await new ApiClient(server.url).get('/api/settings/logo-url');
    expect(logoUrl.body).toEqual({ hasLogo: true, logoUrl: logo.body.logoUrl });
    expect((await fetch(`${server.url}${String(logo.body.logoUrl)}`)).headers.get('content-type')).toBe('image/webp');
  });

  it('refuses a non-image whatever its name (415), a file over 5 MB (413), and non-admins', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const fake = await upload(admin, '/api/settings/logo-upload', 'logo', html, 'logo.png', 'image/png');
    expect(fake.status).toBe(415);
    expect(fake.body).toMatchObject({ message: 'Invalid file type', error: 'Invalid file type' });
    const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(admin, '/api/settings/logo-upload', 'logo', big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body).toMatchObject({ message: 'File too large', error: 'File too large' });
    const heroFake = await upload(admin, '/api/admin/upload/hero-image', 'heroImage', html, 'x.jpg', 'image/jpeg');
    expect(heroFake.status).toBe(415);
    expect((await upload(parent, '/api/admin/upload/hero-image', 'heroImage', png, 'p.png', 'image/png')).status).toBe(
      403,
    );
    expect(
      (await upload(new ApiClient(server.url), '/api/settings/logo-upload', 'logo', png, 'p.png', 'image/png')).status,
    ).toBe(401);
    expect(existsSync(join(server.dir, 'uploads'))).toBe(true);
    expect(readdirSync(join(server.dir, 'uploads')).filter((f) => f.startsWith('logo-'))).toHaveLength(1);
  });

  it('serves nothing from the upload folder that the server did not name itself', async () => {
    expect((await fetch(`${server.url}/uploads/../pac.sqlite`)).status).not.toBe(200);
    expect((await fetch(`${server.url}/uploads/pac.sqlite`)).headers.get('content-type') ?? '').not.toContain('sqlite');
  });
});

describe('stats and export', () => {
  it('computes the stats and exports a CSV with quoting and defused formulas', async () => {
    const sheet = await admin.post<{ id: number }>('/api/signup-sheets', {
      title: 'Movie Night, "Outdoor"',
      eventDate: inDays(3),
      organizerName: 'Ann',
      organizerEmail: 'ann@example.org',
    });
    const start = new Date(Date.now() + 3 * 86_400_000);
    const slot = await admin.post<{ id: number }>('/api/volunteer-slots', {
      signupSheetId: sheet.body.id,
      title: 'Popcorn',
      maxVolunteers: 4,
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 90 * 60_000).toISOString(),
    });
    await parent.post('/api/volunteers', {
      slotId: slot.body.id,
      name: '=HYPERLINK("evil.example")',
      email: 'evil@example.org',
      phone: '+1 555 0100',
      notes: 'line one\nline two',
    });
    const stats = await admin.get('/api/stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ activeSignups: 1, totalVolunteers: 1, fillRate: 25 });
    expect(typeof stats.body.monthlyHours).toBe('number');
    expect((await parent.get('/api/stats')).status).toBe(403);

    const res = await fetch(`${server.url}/api/export/volunteers`, { headers: { Cookie: admin.cookie ?? '' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="volunteer-data.csv"');
    const csv = await res.text();
    const lines = csv.split('\r\n');
    const zone = server.config.timeZone;
    expect(lines[0]).toBe(
      `Sheet,Event Date,Event Date (${zone}),Organizer,Slot,Start Time,Start Time (${zone}),End Time,End Time (${zone}),Hours,Volunteer Name,Email,Phone,Notes,Email Consent,Signed Up At,Signed Up At (${zone}),Status,Attended,Quantity`,
    );
    expect(csv).toContain('"Movie Night, ""Outdoor"""');
    expect(csv).toContain(`"'=HYPERLINK(""evil.example"")"`);
    expect(csv).toContain("'+1 555 0100");
    expect(csv).toContain('"line one\nline two"');
    expect(csv).toContain(',1.5,');
    expect((await fetch(`${server.url}/api/export/volunteers`)).status).toBe(401);
  });
});
