import { i18nFor } from '@pac/i18n/server';
import { describe, expect, it } from 'vitest';
import { schoolDate } from '../../../test/schoolTime';
import { type Announcement, characterCount, decisionText, draftsOf, recentDecisions } from './announcements';
import { draftEditErrors } from './draftEditErrors';

const i18n = i18nFor('en');

const at = schoolDate(2031, 4, 3, 11, 0);

function announcement(overrides: Partial<Announcement> = {}): Announcement {
  return {
    id: 1,
    changeId: 1,
    monitorId: 1,
    monitorName: 'District news',
    status: 'draft',
    text: 'Early dismissal Friday at 1 PM.',
    headline: 'Early dismissal Friday at 1 PM',
    link: 'https://www.example-district.org/news',
    imageAlt: 'Maple PAC: Early dismissal Friday at 1 PM',
    createdAt: at,
    decidedAt: null,
    decidedById: null,
    decidedByName: null,
    decidedBy: null,
    rejectReason: null,
    imageUrl: 'https://pac.example.org/api/announcements/1/card.jpg',
    added: ['Early dismissal Friday at 1 PM'],
    removed: [],
    ...overrides,
  };
}

describe('decisionText', () => {
  it("says who approved or rejected and when, on the school's clock, with the reason given", () => {
    const decidedAt = schoolDate(2031, 4, 4, 18, 5);
    expect(decisionText(i18n, 'en', announcement({ status: 'approved', decidedAt, decidedBy: 'Jane Admin' }))).toBe(
      'Approved by Jane Admin on May 4, 6:05 PM',
    );
    expect(
      decisionText(
        i18n,
        'en',
        announcement({ status: 'rejected', decidedAt, decidedBy: 'Jane Admin', rejectReason: 'A typo' }),
      ),
    ).toBe('Rejected by Jane Admin on May 4, 6:05 PM: A typo');
    expect(decisionText(i18n, 'en', announcement({ status: 'rejected', decidedAt, decidedBy: 'Jane Admin' }))).toBe(
      'Rejected by Jane Admin on May 4, 6:05 PM',
    );
  });

  it('names an expired draft, and a post that went out without approval', () => {
    const decidedAt = schoolDate(2031, 4, 10, 9, 0);
    expect(decisionText(i18n, 'en', announcement({ status: 'expired', decidedAt }))).toBe(
      'Expired unapproved on May 10, 9:00 AM',
    );
    expect(decisionText(i18n, 'en', announcement({ status: 'approved', decidedAt: at }))).toBe(
      'Posted without approval on May 3, 11:00 AM',
    );
  });
});

describe('draftsOf and recentDecisions', () => {
  const list = [
    announcement({ id: 6 }),
    announcement({ id: 5, status: 'expired', decidedAt: schoolDate(2031, 4, 10) }),
    announcement({ id: 4, status: 'approved', decidedAt: schoolDate(2031, 4, 12), decidedBy: 'Jane' }),
    announcement({ id: 3 }),
    announcement({ id: 2, status: 'rejected', decidedAt: schoolDate(2031, 4, 11), decidedBy: 'Jane' }),
  ];

  it('keeps the drafts in the order the server gives (newest first)', () => {
    expect(draftsOf(list).map((a) => a.id)).toEqual([6, 3]);
  });

  it('lists the decided ones, the latest decision first, at most `limit`', () => {
    expect(recentDecisions(list).map((a) => a.id)).toEqual([4, 2, 5]);
    expect(recentDecisions(list, 2).map((a) => a.id)).toEqual([4, 2]);
    const many = Array.from({ length: 14 }, (_, i) =>
      announcement({ id: i + 10, status: 'approved', decidedAt: schoolDate(2031, 5, i + 1), decidedBy: 'Jane' }),
    );
    expect(recentDecisions(many)).toHaveLength(10);
    expect(recentDecisions(many)[0]?.id).toBe(23);
  });
});

describe("a draft's edits", () => {
  it("counts the post's text as the server does, trimmed, against Instagram's 2,200", () => {
    expect(characterCount(i18n, '  Bake sale on Friday.  ')).toBe('20 / 2,200 characters');
    expect(characterCount(i18n, 'x'.repeat(2201))).toBe('2,201 / 2,200 characters');
  });

  it("refuses what the server would, with the server's messages", () => {
    expect(draftEditErrors(i18n, { text: 'Fine', imageAlt: 'A card' })).toEqual({});
    expect(draftEditErrors(i18n, { text: '   ', imageAlt: '' })).toEqual({
      text: 'Post text is required',
      imageAlt: 'Image description is required',
    });
    expect(draftEditErrors(i18n, { text: 'x'.repeat(2201), imageAlt: 'A card' })).toEqual({
      text: 'Must be at most 2200 characters',
    });
    expect(draftEditErrors(i18n, { text: 'x'.repeat(2200), imageAlt: 'A card' })).toEqual({});
  });
});
