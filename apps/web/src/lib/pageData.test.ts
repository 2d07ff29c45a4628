import { QueryClient } from '@tanstack/react-query';
import { pageDataElementId } from '@pac/validators/page-data';
import { getQueryKey } from '@trpc/react-query';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { trpc } from '../trpc';
import { testSchoolClock } from '../../test/schoolTime';
import { embeddedLanguage, embeddedSchoolClock, hydratePageData, keepPageLanguage } from './pageData';

/** A document whose page data element holds `text`, as the server writes it. */
function pageWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('PAC Hub');
  const script = doc.createElement('script');
  script.id = pageDataElementId;
  script.type = 'application/json';
  script.textContent = text;
  doc.body.append(script);
  return doc;
}

describe('hydratePageData', () => {
  it('puts each embedded answer under the key of the query that asks for it, dates as dates', () => {
    const eventDate = new Date('2031-05-03T16:00:00Z');
    const sheet = { id: 7, title: '</script> Fair', eventDate, slots: [] };
    const doc = pageWith(
      JSON.stringify([
        { path: 'auth.me', data: superjson.serialize(null) },
        { path: 'sheets.byId', input: { id: 7 }, data: superjson.serialize(sheet) },
        { path: 'settings.getPublic', input: { key: 'heroImageUrl' }, data: superjson.serialize({ value: null }) },
      ]),
    );
    const client = new QueryClient();
    hydratePageData(client, doc);

    const byId = client.getQueryData(getQueryKey(trpc.sheets.byId, { id: 7 }, 'query'));
    expect(byId).toEqual(sheet);
    expect((byId as typeof sheet).eventDate).toBeInstanceOf(Date);
    // A stored null is data (nobody signed in), not a missing answer.
    expect(client.getQueryState(getQueryKey(trpc.auth.me, undefined, 'query'))?.status).toBe('success');
    expect(client.getQueryData(getQueryKey(trpc.settings.getPublic, { key: 'heroImageUrl' }, 'query'))).toEqual({
      value: null,
    });
    // Another input is another query, which the page still asks for.
    expect(client.getQueryData(getQueryKey(trpc.sheets.byId, { id: 8 }, 'query'))).toBeUndefined();
    // Read once: the element is gone.
    expect(doc.getElementById(pageDataElementId)).toBeNull();
  });

  it('ignores procedures it does not know, malformed entries and a page without data', () => {
    const client = new QueryClient();
    hydratePageData(
      client,
      pageWith(
        JSON.stringify([
          { path: 'users.list', data: superjson.serialize([{ email: 'x@example.org' }]) },
          { path: 'constructor', data: superjson.serialize(1) },
          { nothing: true },
          'text',
        ]),
      ),
    );
    expect(client.getQueryCache().getAll()).toHaveLength(0);

    hydratePageData(client, pageWith('{not json'));
    hydratePageData(client, document.implementation.createHTMLDocument('empty'));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it("finds the school's clock among the page's data, and nothing on a page without it", () => {
    const client = new QueryClient();
    expect(embeddedSchoolClock(client)).toBeNull();
    hydratePageData(
      client,
      pageWith(JSON.stringify([{ path: 'settings.schoolClock', data: superjson.serialize(testSchoolClock) }])),
    );
    expect(embeddedSchoolClock(client)).toEqual(testSchoolClock);
  });

  it("finds the page's language and its direction among the page's data, and nothing on a page without it", () => {
    const client = new QueryClient();
    expect(embeddedLanguage(client)).toBeNull();
    hydratePageData(
      client,
      pageWith(
        JSON.stringify([{ path: 'settings.language', data: superjson.serialize({ language: 'fa', dir: 'rtl' }) }]),
      ),
    );
    expect(embeddedLanguage(client)).toEqual({ language: 'fa', dir: 'rtl' });
  });

  it('ignores a language that is not one of ours, and reads the direction from the language itself', () => {
    const client = new QueryClient();
    keepPageLanguage(client, { language: 'ar' as never, dir: 'rtl' });
    expect(embeddedLanguage(client)).toBeNull();
    keepPageLanguage(client, { language: 'ko', dir: 'rtl' });
    expect(embeddedLanguage(client)).toEqual({ language: 'ko', dir: 'ltr' });
  });
});
