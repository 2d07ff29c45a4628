import { i18nFor } from '@pac/i18n/server';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { formatWhen } from '../../monitoring/monitoring';
import { ReminderEvent, ReminderManagement, type ReminderSheet, sendQuestion, sentLines } from './ReminderManagement';

const i18n = i18nFor('en');

const sheet: ReminderSheet = {
  id: 3,
  title: 'Spring Fair',
  eventDate: new Date(2031, 4, 3, 17, 0),
  upcomingSlots: 2,
  volunteerCount: 1,
  remindersSent: { week: null, day: null, hour: null },
  recipients: { week: 1, day: 1, hour: 1 },
};

describe('sentLines / sendQuestion', () => {
  it("says which reminders went and when, in the dashboard's time format", () => {
    const week = new Date(Date.UTC(2031, 3, 26, 16, 14));
    const hour = new Date(Date.UTC(2031, 4, 3, 13, 0));
    const lines = sentLines(i18n, 'en', { week, day: null, hour });
    expect(lines).toEqual([
      `Week reminder sent ${formatWhen(i18n, 'en', week)}`,
      `Day-of reminder sent ${formatWhen(i18n, 'en', hour)}`,
    ]);
    expect(lines[0]).toMatch(/^Week reminder sent [A-Z][a-z]{2} \d{1,2}, \d{1,2}:\d{2}\s[AP]M$/);
    expect(sentLines(i18n, 'en', { week: null, day: null, hour: null })).toEqual([]);
  });

  it('names the reminder, how many volunteers it will email and the event', () => {
    const book = { title: 'Library Book Fair', recipients: { week: 4, day: 1, hour: 0 } };
    expect(sendQuestion(i18n, book, 'week')).toBe('Send the week reminder to 4 volunteers for Library Book Fair?');
    expect(sendQuestion(i18n, book, 'day')).toBe('Send the day reminder to 1 volunteer for Library Book Fair?');
    expect(sendQuestion(i18n, book, 'hour')).toBe('Send the day-of reminder to 0 volunteers for Library Book Fair?');
  });
});

describe('ReminderEvent', () => {
  it('shows the sheet, its upcoming slots and volunteers, and asks to send each kind of reminder', () => {
    const onSend = vi.fn();
    renderWithProviders(<ReminderEvent sheet={sheet} sending={null} onSend={onSend} />);
    expect(screen.getByText('Spring Fair')).toBeDefined();
    expect(screen.getByText(/2 upcoming slots · 1 volunteer$/)).toBeDefined();
    expect(screen.getByText('No reminders sent yet')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Week Reminder' }));
    fireEvent.click(screen.getByRole('button', { name: 'Day Reminder' }));
    fireEvent.click(screen.getByRole('button', { name: 'Day-of Reminder' }));
    expect(onSend.mock.calls).toEqual([['week'], ['day'], ['hour']]);
  });

  it('lets one reminder go at a time', () => {
    renderWithProviders(<ReminderEvent sheet={sheet} sending="day" onSend={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Week Reminder' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Day-of Reminder' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows what went, and offers no send of a type every volunteer has had', () => {
    const week = new Date(Date.UTC(2031, 3, 26, 16, 14));
    renderWithProviders(
      <ReminderEvent
        sheet={{ ...sheet, remindersSent: { ...sheet.remindersSent, week }, recipients: { week: 0, day: 1, hour: 1 } }}
        sending={null}
        onSend={vi.fn()}
      />,
    );
    expect(screen.getByText(`Week reminder sent ${formatWhen(i18n, 'en', week)}`)).toBeDefined();
    expect(screen.queryByText('No reminders sent yet')).toBeNull();
    expect(screen.getByRole('button', { name: 'Week Reminder' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Day Reminder' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('ReminderManagement', () => {
  const sentAt = new Date(Date.UTC(2031, 3, 26, 16, 14));
  const bookFair: ReminderSheet = {
    ...sheet,
    id: 8,
    title: 'Library Book Fair',
    volunteerCount: 4,
    recipients: { week: 4, day: 4, hour: 4 },
  };

  it('asks before a send, naming how many volunteers it will email; cancelling sends nothing', async () => {
    let sent = false;
    const server = fakeTrpc({
      'reminders.pending': () => ({
        count: 4,
        signupSheets: [
          sent
            ? {
                ...bookFair,
                remindersSent: { ...bookFair.remindersSent, week: sentAt },
                recipients: { ...bookFair.recipients, week: 0 },
              }
            : bookFair,
        ],
      }),
      'reminders.send': () => {
        sent = true;
        return { message: 'Sent 4 week reminders for Library Book Fair', sent: 4, failed: 0 };
      },
    });
    renderWithProviders(<ReminderManagement />, {
      user: { id: 1, name: 'Ada Admin', isAdmin: true },
      fetch: server.fetch,
    });
    const event = await screen.findByRole('article', { name: 'Library Book Fair' });

    fireEvent.click(within(event).getByRole('button', { name: 'Week Reminder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Reminder Emails' });
    expect(within(dialog).getByText('Send the week reminder to 4 volunteers for Library Book Fair?')).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Reminder Emails' })).toBeNull());
    expect(server.calls.map((c) => c.path)).not.toContain('reminders.send');

    fireEvent.click(within(event).getByRole('button', { name: 'Week Reminder' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Send Reminder Emails' })).getByRole('button', { name: 'Send' }),
    );
    expect(await screen.findByText('Reminders Sent')).toBeDefined();
    expect(server.calls.filter((c) => c.path === 'reminders.send').map((c) => c.input)).toEqual([
      { signupSheetId: 8, reminderType: 'week' },
    ]);
    // The list is asked again and shows what went; the week reminder has nobody left to go to.
    expect(await screen.findByText(`Week reminder sent ${formatWhen(i18n, 'en', sentAt)}`)).toBeDefined();
    expect(within(event).getByRole('button', { name: 'Week Reminder' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Reminder Emails' })).toBeNull());
  });
});
