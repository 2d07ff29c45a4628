import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { i18nFor } from '@pac/i18n/server';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { documentTitle, siteName, useDocumentTitle } from './useDocumentTitle';

function english({ children }: { children: ReactNode }) {
  return createElement(I18nProvider, { i18n: i18nFor('en') }, children);
}

/** The school's name as the server writes it into every page it sends. */
function nameSite(name: string): void {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'og:site_name');
  meta.setAttribute('content', name);
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta[property="og:site_name"]').forEach((meta) => meta.remove());
});

describe('documentTitle', () => {
  it("puts the page's title before the site's name", () => {
    expect(documentTitle('Fall Bake Sale')).toBe('Fall Bake Sale · PAC Hub');
    expect(documentTitle('  Profile  ')).toBe('Profile · PAC Hub');
    expect(documentTitle('Fall Bake Sale', 'Maple Elementary PAC')).toBe('Fall Bake Sale · Maple Elementary PAC');
  });

  it("is the site's name and what the site is without a title (the home page)", () => {
    expect(documentTitle()).toBe('PAC Hub · Volunteer Signups');
    expect(documentTitle(null)).toBe('PAC Hub · Volunteer Signups');
    expect(documentTitle('   ')).toBe('PAC Hub · Volunteer Signups');
  });
});

describe('siteName', () => {
  it("is the school's name the server wrote into the page, else the product's", () => {
    expect(siteName()).toBe('PAC Hub');
    nameSite('Maple Elementary PAC');
    expect(siteName()).toBe('Maple Elementary PAC');
  });
});

describe('useDocumentTitle', () => {
  it('sets the tab title, and follows the title when it changes', () => {
    const { rerender } = renderHook<void, { title: string | null }>(({ title }) => useDocumentTitle(title), {
      initialProps: { title: 'Signup Sheet' },
      wrapper: english,
    });
    expect(document.title).toBe('Signup Sheet · PAC Hub');
    rerender({ title: 'Fall Bake Sale' });
    expect(document.title).toBe('Fall Bake Sale · PAC Hub');
    rerender({ title: null });
    expect(document.title).toBe('PAC Hub · Volunteer Signups');
  });

  it("ends the title with the school's name on a page the server sent", () => {
    nameSite('Maple Elementary PAC');
    renderHook(() => useDocumentTitle('Fall Bake Sale'), { wrapper: english });
    expect(document.title).toBe('Fall Bake Sale · Maple Elementary PAC');
  });

  it("says what the home page is in the page's language", () => {
    nameSite('École Maple');
    const french = setupI18n({ locale: 'fr', messages: { fr: { 'Volunteer Signups': 'Inscriptions bénévoles' } } });
    renderHook(() => useDocumentTitle(null), {
      wrapper: ({ children }: { children: ReactNode }) => createElement(I18nProvider, { i18n: french }, children),
    });
    expect(document.title).toBe('École Maple · Inscriptions bénévoles');
  });
});
