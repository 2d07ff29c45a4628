import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './useDocumentTitle';

describe('documentTitle', () => {
  it("puts the page's title before the product's name", () => {
    expect(documentTitle('Fall Bake Sale')).toBe('Fall Bake Sale · PAC Hub');
    expect(documentTitle('  Profile  ')).toBe('Profile · PAC Hub');
  });

  it("is the product's name alone without a title", () => {
    expect(documentTitle()).toBe('PAC Hub');
    expect(documentTitle(null)).toBe('PAC Hub');
    expect(documentTitle('   ')).toBe('PAC Hub');
  });
});

describe('useDocumentTitle', () => {
  it('sets the tab title, and follows the title when it changes', () => {
    const { rerender } = renderHook<void, { title: string | null }>(({ title }) => useDocumentTitle(title), {
      initialProps: { title: 'Signup Sheet' },
    });
    expect(document.title).toBe('Signup Sheet · PAC Hub');
    rerender({ title: 'Fall Bake Sale' });
    expect(document.title).toBe('Fall Bake Sale · PAC Hub');
    rerender({ title: null });
    expect(document.title).toBe('PAC Hub');
  });
});
