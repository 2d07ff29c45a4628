import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createRuntime } from '@pac/api';
import { migrate, openDatabase } from '@pac/db';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';
import { createApp } from './app';
import { appVersion } from './health';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('GET /api/health', () => {
  it('answers ok with the version and uptime, to anyone, uncached, without personal data', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { uptimeSeconds, ...rest } = (await res.json()) as Record<string, unknown>;
    expect(rest).toEqual({
      status: 'ok',
      database: 'ok',
      version: appVersion,
      // SCHOOL_TIMEZONE unset: the server's own zone (the tests run in UTC).
      timeZone: 'UTC',
      tzdata: process.versions.tz,
    });
    expect(appVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(typeof uptimeSeconds).toBe('number');
    expect(uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it("names the school's zone and the runtime's time-zone data", async () => {
    const school = await startTestServer({ env: { SCHOOL_TIMEZONE: 'America/Vancouver' } });
    try {
      const res = await fetch(`${school.url}/api/health`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { timeZone: string; tzdata: string };
      expect(body.timeZone).toBe('America/Vancouver');
      // A tz database release: the year and a letter ('2026c'), the one this Node carries.
      expect(body.tzdata).toMatch(/^\d{4}[a-z]$/);
      expect(body.tzdata).toBe(process.versions.tz);
    } finally {
      await school.stop();
    }
  });
});

/** A server over a database that no longer answers, logging into `lines`. */
async function brokenServer(lines: Record<string, unknown>[]): Promise<{ url: string; http: Server }> {
  const handle = openDatabase(`${server.dir}/broken.sqlite`);
  migrate(handle.db);
  const runtime = createRuntime(handle.db, server.config, { logger: server.runtime.logger });
  handle.close();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const http = createServer(
    createApp({
      db: handle.db,
      config: server.config,
      runtime,
      secureCookies: false,
      trustedProxies: null,
      staticDir: null,
      uploadDir: server.config.uploadDir,
      logger: pino({ level: 'info', base: undefined }, sink),
      startedAt: Date.now(),
    }),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(http.address() as AddressInfo).port}`, http };
}

describe('when the database does not answer', () => {
  const lines: Record<string, unknown>[] = [];
  let broken: { url: string; http: Server };
  beforeAll(async () => {
    broken = await brokenServer(lines);
  });
  afterAll(() => new Promise<void>((resolve) => broken.http.close(() => resolve())));

  it('health answers 503 with status error', async () => {
    const res = await fetch(`${broken.url}/api/health`);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      status: 'error',
      database: 'error',
      version: appVersion,
      timeZone: server.config.timeZone,
    });
  });

  it('logs one line per request (method, route without query, status, ms) and each server error with its request id', async () => {
    const res = await fetch(`${broken.url}/api/signup-sheets?secret=not-logged`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { message: string };
    expect(body.message).toBe('Something went wrong. Please try again.');
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toMatch(/^[0-9a-f]{12}$/);
    await new Promise<void>((resolve) => setImmediate(resolve));
    const about = lines.filter((l) => l.reqId === reqId);
    const error = about.find((l) => l.level === 50);
    expect(error?.msg).toBe('Request failed');
    expect(JSON.stringify(error?.err)).toContain('not open');
    const request = about.find((l) => l.msg === 'request');
    expect(request).toMatchObject({ method: 'GET', route: '/api/signup-sheets', status: 500 });
    expect(typeof request?.ms).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('not-logged');
  });
});
