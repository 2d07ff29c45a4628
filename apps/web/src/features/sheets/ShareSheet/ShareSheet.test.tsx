import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { ShareSheet } from './ShareSheet';

const url = 'https://pac.example.org/signup-sheet/7';

function renderShare() {
  const trpc = fakeTrpc({ 'sheets.shareLink': () => ({ url }) });
  renderWithProviders(<ShareSheet sheetId={7} title="Winter Fair" />, { fetch: trpc.fetch });
  return trpc;
}

const ownClipboard = Object.getOwnPropertyDescriptor(window.navigator, 'clipboard');
afterEach(() => {
  if (ownClipboard) Object.defineProperty(window.navigator, 'clipboard', ownClipboard);
  else Reflect.deleteProperty(window.navigator, 'clipboard');
});

/** The browser's clipboard as a page over plain HTTP has it: none. */
function withoutClipboard(): void {
  Object.defineProperty(window.navigator, 'clipboard', { value: undefined, configurable: true });
}

describe('ShareSheet', () => {
  it('is a Share button that asks for nothing until it opens its panel', async () => {
    const trpc = renderShare();
    const share = screen.getByRole('button', { name: 'Share' });
    expect(share.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Share this sheet' })).toBeNull();
    expect(trpc.calls).toEqual([]);

    fireEvent.click(share);
    const panel = await screen.findByRole('group', { name: 'Share this sheet' });
    expect(share.getAttribute('aria-expanded')).toBe('true');
    expect(share.getAttribute('aria-controls')).toBe(panel.id);
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Link to this sheet').value).toBe(url));
    expect(trpc.calls).toEqual([{ path: 'sheets.shareLink', input: { id: 7 } }]);

    fireEvent.click(share);
    expect(screen.queryByRole('group', { name: 'Share this sheet' })).toBeNull();
  });

  it('offers the QR code to download under a name of its own, and shows it', async () => {
    renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const download = await screen.findByRole('link', { name: 'Download QR code' });
    expect(download.getAttribute('href')).toBe('/api/signup-sheets/7/qr.svg');
    expect(download.getAttribute('download')).toBe('signup-sheet-7-qr.svg');
    const image = screen.getByRole('img', { name: 'QR code of the link to Winter Fair' });
    expect(image.getAttribute('src')).toBe('/api/signup-sheets/7/qr.svg');
  });

  it('selects the link to copy by hand when the browser has no clipboard for the page', async () => {
    withoutClipboard();
    renderShare();
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const field = screen.getByLabelText<HTMLInputElement>('Link to this sheet');
    await waitFor(() => expect(field.value).toBe(url));
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(/did not let the page copy the link/)).toBeDefined();
    expect(screen.getByRole('status').textContent).toMatch(/copy it from there/);
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(url.length);
  });
});
