import { notifications } from '@mantine/notifications';
import { i18nFor } from '@pac/i18n/server';
import { type Language, languages } from '@pac/validators/page-data';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeTrpcError, fakeTrpc } from '../../../test/fakeTrpc';
import { type RenderOptions, renderWithProviders } from '../../../test/renderWithProviders';
import { Header } from './Header';
import { LanguageSwitch } from './LanguageButton';

// The menu loads on demand; loaded once here, so that the first test to open it does not wait for
// the import on a busy machine.
beforeAll(async () => {
  await import('./LanguageMenu');
}, 30_000);

beforeEach(() => {
  notifications.clean();
});

afterEach(() => {
  document.cookie = 'lang=; Max-Age=0; Path=/';
});

/** The header's language switch, with a navigation that only records where it would go. */
function renderSwitch(options: RenderOptions = {}) {
  const goTo = vi.fn<(url: string) => void>();
  renderWithProviders(<LanguageSwitch goTo={goTo} />, options);
  return { goTo };
}

/**
 * The language button's accessible name on a page in `language`: 'Language:' in that language and
 * the language named in itself ('زبان: فارسی'), the translation's tags removed.
 */
function buttonName(language: Language): string {
  const name = languages.find((l) => l.tag === language)?.name ?? '';
  return i18nFor(language)
    ._('Language: <0>{language}</0>', { language: name })
    .replace(/<\/?\d+>/g, '');
}

/** Presses the language button and waits for the menu (its code loads on the first press). */
async function openMenu(name = buttonName('en')): Promise<HTMLElement> {
  fireEvent.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu');
}

const cookies = () => document.cookie.split('; ');

describe('the language button', () => {
  it("sits in the header, named 'Language:' and the page's language in itself, in that language", () => {
    const farsi = i18nFor('fa');
    renderWithProviders(<Header />, { language: 'fa' });
    const banner = screen.getByRole('banner');
    const button = within(banner).getByRole('button', { name: buttonName('fa') });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // The name is seen from the sm breakpoint up, and heard at every width, each in Farsi.
    const names = button.querySelectorAll('[lang="fa"]');
    expect(names).toHaveLength(2);
    for (const name of names) expect(name.textContent).toBe('فارسی');
    // Login stays where it was (in Farsi too).
    expect(within(banner).getByRole('button', { name: farsi._('Login') })).toBeDefined();
  });

  it('says English on a page whose data names no language', () => {
    renderWithProviders(<Header />);
    expect(screen.getByRole('button', { name: 'Language: English' })).toBeDefined();
  });
});

describe('the language menu', () => {
  it("opens on the first press, every language named in itself in its own lang, the page's checked and focused", async () => {
    renderSwitch({ language: 'pa' });
    const menu = await openMenu(buttonName('pa'));
    const items = within(menu).getAllByRole('menuitemradio');
    expect(items.map((item) => item.textContent)).toEqual([
      'English',
      'Français',
      '简体中文',
      '繁體中文',
      'ਪੰਜਾਬੀ',
      'فارسی',
      '한국어',
      'Español',
      'Tagalog',
    ]);
    expect(items.map((item) => item.querySelector('[lang]')?.getAttribute('lang'))).toEqual([
      'en',
      'fr',
      'zh-Hans',
      'zh-Hant',
      'pa',
      'fa',
      'ko',
      'es',
      'tl',
    ]);
    expect(items.filter((item) => item.getAttribute('aria-checked') === 'true').map((i) => i.textContent)).toEqual([
      'ਪੰਜਾਬੀ',
    ]);
    const button = screen.getByRole('button', { name: buttonName('pa') });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(menu).getByRole('menuitemradio', { name: 'ਪੰਜਾਬੀ' })),
    );
  });

  it('closes on Escape and gives the focus back to its button', async () => {
    renderSwitch();
    const menu = await openMenu();
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    fireEvent.keyDown(document.activeElement ?? menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const button = screen.getByRole('button', { name: 'Language: English' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('loads the same page with ?lang= for a visitor, the lang cookie already set', async () => {
    const api = fakeTrpc({});
    const { goTo } = renderSwitch({ route: '/news', fetch: api.fetch });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Español' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledOnce());
    const url = new URL(goTo.mock.calls[0]?.[0] ?? '');
    expect(url.href).toBe(new URL(window.location.href).origin + window.location.pathname + '?lang=es');
    expect(cookies()).toContain('lang=es');
    // Nobody is signed in: no account to save the language to.
    expect(api.calls).toEqual([]);
  });

  it("saves a signed-in user's choice as their account's language first, then loads the page", async () => {
    let navigatedAfterSave = false;
    const api = fakeTrpc({ 'auth.updateAccount': (input) => ({ ...(input as object), name: 'Pat Parent' }) });
    const goTo = vi.fn<(url: string) => void>(() => {
      navigatedAfterSave = api.calls.some((c) => c.path === 'auth.updateAccount');
    });
    renderWithProviders(<LanguageSwitch goTo={goTo} />, {
      fetch: api.fetch,
      user: { id: 3, name: 'Pat Parent', isAdmin: false },
    });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'ਪੰਜਾਬੀ' }));
    await waitFor(() => expect(goTo).toHaveBeenCalledOnce());
    expect(api.calls).toEqual([{ path: 'auth.updateAccount', input: { userId: 3, language: 'pa' } }]);
    expect(navigatedAfterSave).toBe(true);
    expect(new URL(goTo.mock.calls[0]?.[0] ?? '').searchParams.get('lang')).toBe('pa');
  });

  it('says so and stays when the account cannot be saved', async () => {
    const api = fakeTrpc({
      'auth.updateAccount': () => {
        throw new FakeTrpcError('UNAUTHORIZED', 'Please log in again');
      },
    });
    const goTo = vi.fn<(url: string) => void>();
    renderWithProviders(<LanguageSwitch goTo={goTo} />, {
      fetch: api.fetch,
      user: { id: 3, name: 'Pat Parent', isAdmin: false },
    });
    const menu = await openMenu();
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'Français' }));
    expect(await screen.findByText('Language Not Saved')).toBeDefined();
    expect(screen.getByText('Please log in again')).toBeDefined();
    expect(goTo).not.toHaveBeenCalled();
    expect(cookies()).not.toContain('lang=fr');
    // The button can be pressed again.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Language: English' }).hasAttribute('data-loading')).toBe(false),
    );
  });

  it("closes without loading anything when the page's own language is chosen", async () => {
    const { goTo } = renderSwitch({ language: 'ko' });
    const menu = await openMenu(buttonName('ko'));
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: '한국어' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(goTo).not.toHaveBeenCalled();
  });
});
