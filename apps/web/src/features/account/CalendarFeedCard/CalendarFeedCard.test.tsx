import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { CalendarFeedCard, resetFeedQuestion, webcalUrl } from './CalendarFeedCard';

const user = { id: 3, name: 'Pat Parent', isAdmin: false };
const first = 'https://pac.example.org/api/calendar/feed/3.first-signature.ics';
const second = 'https://pac.example.org/api/calendar/feed/3.second-signature.ics';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('webcalUrl', () => {
  it('swaps http(s) for webcal', () => {
    expect(webcalUrl(first)).toBe('webcal://pac.example.org/api/calendar/feed/3.first-signature.ics');
    expect(webcalUrl('http://localhost:3000/x.ics')).toBe('webcal://localhost:3000/x.ics');
  });
});

describe('CalendarFeedCard', () => {
  it('shows the private link read-only, with Copy and a webcal Subscribe link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const server = fakeTrpc({ 'calendar.myFeed': () => ({ url: first }) });
    renderWithProviders(<CalendarFeedCard />, { user, fetch: server.fetch });
    const field = await screen.findByLabelText<HTMLInputElement>('Private calendar link');
    expect(field.value).toBe(first);
    expect(field.readOnly).toBe(true);
    expect(screen.getByRole('link', { name: 'Subscribe' }).getAttribute('href')).toBe(webcalUrl(first));
    expect(screen.getByRole('link', { name: 'All upcoming events' }).getAttribute('href')).toBe(
      '/api/calendar/events.ics',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(first);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeDefined();
  });

  it('resets the link only after the confirmation, and shows the new one', async () => {
    let url = first;
    const server = fakeTrpc({
      'calendar.myFeed': () => ({ url }),
      'calendar.resetFeed': () => {
        url = second;
        return { url };
      },
    });
    renderWithProviders(<CalendarFeedCard />, { user, fetch: server.fetch });
    await screen.findByDisplayValue(first);
    fireEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Calendar Link' });
    expect(within(dialog).getByText(resetFeedQuestion)).toBeDefined();
    expect(server.calls.map((c) => c.path)).not.toContain('calendar.resetFeed');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    expect(await screen.findByDisplayValue(second)).toBeDefined();
    expect(server.calls.filter((c) => c.path === 'calendar.resetFeed')).toHaveLength(1);
    expect(await screen.findByText('Calendar Link Reset')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reset Calendar Link' })).toBeNull());
  });

  it('says so when the link cannot be loaded', async () => {
    renderWithProviders(<CalendarFeedCard />, { user });
    expect(await screen.findByText('Could not load your calendar link')).toBeDefined();
  });
});
