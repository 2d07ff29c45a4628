import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/harness';

/**
 * The built files are listed once when the server starts; the documented upgrade runs `pnpm build`
 * (which empties dist/) while the old server still answers. A file that went away in between must
 * cost that one answer, not the server.
 */

const dir = mkdtempSync(join(tmpdir(), 'pac-static-'));
const staticDir = join(dir, 'dist');
let server: TestServer;

beforeAll(async () => {
  mkdirSync(join(staticDir, 'assets'), { recursive: true });
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(staticDir, 'assets', 'index-old.js'), `export const a = ${JSON.stringify('x'.repeat(5000))};\n`);
  server = await startTestServer({ staticDir });
});

afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A GET that settles with the status and body, or with the error that cut it off. */
function fetchRaw(path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request(`${server.url}${path}`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
    req.end();
  });
}

describe('a built file removed while the server runs', () => {
  it('is served while it is there', async () => {
    const answer = await fetchRaw('/assets/index-old.js');
    expect(answer).toMatchObject({ status: 200 });
  });

  it('cuts off only its own answer, and the server goes on answering', async () => {
    rmSync(join(staticDir, 'assets', 'index-old.js'));
    const answer = await fetchRaw('/assets/index-old.js');
    // The headers (200, the listed length) went out before the file turned out to be gone.
    expect('error' in answer || answer.body.length < 5000).toBe(true);
    const health = await fetchRaw('/api/health');
    expect(health).toMatchObject({ status: 200 });
  });
});
