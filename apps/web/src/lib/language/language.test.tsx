import { useDirection } from '@mantine/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { languageCookie, pageInLanguage, rememberLanguage, useLanguage } from '.';

afterEach(() => {
  document.cookie = 'lang=; Max-Age=0; Path=/';
});

describe('pageInLanguage', () => {
  it('sets ?lang= on the same page, keeping its path, other parameters and fragment', () => {
    expect(pageInLanguage('https://pac.example.org/', 'fa')).toBe('https://pac.example.org/?lang=fa');
    expect(pageInLanguage('https://pac.example.org/reset-password?token=a_b-c#top', 'zh-Hant')).toBe(
      'https://pac.example.org/reset-password?token=a_b-c&lang=zh-Hant#top',
    );
  });

  it('replaces a language the URL already asks for', () => {
    expect(pageInLanguage('https://pac.example.org/news?lang=es', 'pa')).toBe('https://pac.example.org/news?lang=pa');
  });
});

describe('the lang cookie', () => {
  it('is written as the server writes it: for a year, on every path, Lax, Secure over HTTPS', () => {
    expect(languageCookie('ko', false)).toBe('lang=ko; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(languageCookie('zh-Hans', true)).toBe('lang=zh-Hans; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
  });

  it("is the browser's once remembered", () => {
    rememberLanguage('tl');
    expect(document.cookie.split('; ')).toContain('lang=tl');
  });
});

function Probe() {
  const { language, dir } = useLanguage();
  const mantine = useDirection();
  return <p data-testid="probe">{`${language} ${dir} ${mantine.dir}`}</p>;
}

describe("the page's language", () => {
  it("lays Farsi out right to left, for Mantine's components and on <html>", () => {
    renderWithProviders(<Probe />, { language: 'fa' });
    expect(screen.getByTestId('probe').textContent).toBe('fa rtl rtl');
    expect(document.documentElement.lang).toBe('fa');
    expect(document.documentElement.dir).toBe('rtl');
  });

  it('lays the others out left to right, and a page without a language is English', () => {
    const punjabi = renderWithProviders(<Probe />, { language: 'pa' });
    expect(screen.getByTestId('probe').textContent).toBe('pa ltr ltr');
    expect(document.documentElement.dir).toBe('ltr');
    punjabi.unmount();
    renderWithProviders(<Probe />);
    expect(screen.getByTestId('probe').textContent).toBe('en ltr ltr');
    expect(document.documentElement.lang).toBe('en');
  });
});
