import { afterEach, describe, expect, it } from 'vitest';
import type { RawBody } from './decode.ts';
import { hashContent } from './diff.ts';
import { extractContent } from './extract.ts';
import { PageReader, PageReadError } from './reader.ts';

const encoder = new TextEncoder();
const utf8 = (html: string): RawBody => ({ bytes: encoder.encode(html), encoding: 'utf-8' });

function job(raw: RawBody, selectors = ['main'], extra: { truncated?: boolean; ignoreSelectors?: string[] } = {}) {
  return {
    raw,
    truncated: extra.truncated ?? false,
    selectors,
    ignoreSelectors: extra.ignoreSelectors ?? [],
    filterFutureEvents: false,
    now: Date.UTC(2026, 10, 26),
    timeZone: 'America/Vancouver',
  };
}

const page = `<!doctype html><html><head><title>District</title></head><body><nav>Home</nav>
<main><h1>News</h1><p>Bake sale &amp; book fair</p><ul><li>Café menu</li><li>王小明 · ਗੁਰਪ੍ਰੀਤ</li></ul>
<div class="ad">Sponsored</div></main></body></html>`;

let reader: PageReader | null = null;
afterEach(async () => {
  await reader?.close();
  reader = null;
});

describe('PageReader', () => {
  it('reads a page on its thread as extractContent and hashContent read it here', async () => {
    reader = new PageReader();
    const reply = await reader.read(job(utf8(page), ['main'], { ignoreSelectors: ['.ad'] }));
    const here = extractContent(page, ['main'], ['.ad']);
    expect(reply).toEqual({ id: 1, kind: 'read', elementsFound: 1, text: here.text, hash: hashContent(here.text) });
    expect(here.text).toBe('News\nBake sale & book fair\nCafé menu\n王小明 · ਗੁਰਪ੍ਰੀਤ');
  });

  it("decodes the page in the charset it declared, and leaves out a cut-off page's partial last character", async () => {
    reader = new PageReader();
    const latin1 = await reader.read(
      job(
        {
          bytes: Uint8Array.from(
            [...'<p>Caf', 0xe9, ...'</p>'].map((c) => (typeof c === 'number' ? c : c.charCodeAt(0))),
          ),
          encoding: 'windows-1252',
        },
        ['p'],
      ),
    );
    expect(latin1).toMatchObject({ kind: 'read', text: 'Café' });
    // '<p>Zoë' cut off inside the two bytes of 'ë' (c3 ab): the half character is not read as U+FFFD.
    const cut = encoder.encode('<p>Zoë').subarray(0, -1);
    const truncated = await reader.read(job({ bytes: cut, encoding: 'utf-8' }, ['p'], { truncated: true }));
    expect(truncated).toMatchObject({ kind: 'read', text: 'Zo' });
  });

  it('answers an unreadable selector and a selector that matches nothing without failing the thread', async () => {
    reader = new PageReader();
    expect(await reader.read(job(utf8(page), ['div[']))).toMatchObject({ kind: 'selector', selector: 'div[' });
    expect(await reader.read(job(utf8(page), ['#missing']))).toMatchObject({ kind: 'read', elementsFound: 0 });
    expect(await reader.read(job(utf8(page)))).toMatchObject({ kind: 'read', elementsFound: 1 });
  });

  it('fails only the page that exhausts the thread, and reads the pages queued behind it on a new one', async () => {
    reader = new PageReader({ maxHeapMb: 16 });
    const huge = utf8(`<main>${'<div><p>a</p></div>'.repeat(250_000)}</main>`);
    const reads = [reader.read(job(huge)), reader.read(job(utf8(page))), reader.read(job(utf8(page)))];
    const [first, ...rest] = await Promise.allSettled(reads);
    expect(first).toMatchObject({ status: 'rejected', reason: { code: 'ERR_WORKER_OUT_OF_MEMORY' } });
    for (const r of rest) expect(r).toMatchObject({ status: 'fulfilled', value: { kind: 'read', elementsFound: 1 } });
  });

  it('fails the pages still queued when it is stopped', async () => {
    reader = new PageReader();
    const failed = expect(reader.read(job(utf8(page)))).rejects.toBeInstanceOf(PageReadError);
    await reader.close();
    await failed;
  });
});
