import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sheetMessageMessages } from '@pac/validators';
import { describe, expect, it, vi } from 'vitest';
import { i18nFor } from '@pac/i18n/server';
import { FakeTrpcError, type FakeProcedure, fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { MessageVolunteersButton } from './MessageVolunteersButton';
import { MessageComposer, MessageLog, recipientsText, sentText } from './MessageVolunteers';

const i18n = i18nFor('en');

const sheet = {
  id: 5,
  title: 'Spring Fair',
  eventDate: schoolDate(2031, 4, 3, 10, 0),
  organizerName: 'Olu Chair',
  organizerEmail: 'olu@example.org',
  slots: [
    { id: 11, title: 'Setup', startTime: schoolDate(2031, 4, 3, 9, 0), endTime: schoolDate(2031, 4, 3, 10, 0) },
    { id: 12, title: 'Cleanup', startTime: null, endTime: null },
  ],
};

interface Audience {
  signupSheetId: number;
  slotId?: number;
  includeWaitlisted: boolean;
}

/** A server whose count depends on the audience: 3 on the sheet, 2 on Cleanup, one more with the waitlist. */
function server(extra: Record<string, FakeProcedure> = {}) {
  return fakeTrpc({
    'messages.recipients': (input) => {
      const audience = input as Audience;
      const base = audience.slotId === 12 ? 2 : 3;
      return { recipients: base + (audience.includeWaitlisted ? 1 : 0), messagesLeftToday: 5 };
    },
    'messages.list': () => [],
    ...extra,
  });
}

/** The To select's input (Mantine labels its dropdown too). */
function toInput(): HTMLInputElement {
  const input = screen.getAllByLabelText(/^To/).find((el) => el.tagName === 'INPUT');
  if (!input) throw new Error('no To input');
  return input as HTMLInputElement;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });

describe('texts', () => {
  it('counts the volunteers', () => {
    expect(recipientsText(i18n, 7)).toBe('This message will go to 7 volunteers');
    expect(recipientsText(i18n, 1)).toBe('This message will go to 1 volunteer');
    expect(sentText(i18n, 7)).toBe('Message sent to 7 volunteers');
  });
});

describe('MessageComposer', () => {
  it('shows the live count for everyone, one slot, and with the waitlist', async () => {
    const api = server();
    renderWithProviders(<MessageComposer sheet={sheet} onCancel={vi.fn()} />, { fetch: api.fetch });
    expect(await screen.findByText('This message will go to 3 volunteers')).toBeDefined();

    fireEvent.click(screen.getByLabelText('Also send to the waitlist'));
    expect(await screen.findByText('This message will go to 4 volunteers')).toBeDefined();

    fireEvent.click(toInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Cleanup' }));
    expect(await screen.findByText('This message will go to 3 volunteers')).toBeDefined();
    expect(api.calls.filter((c) => c.path === 'messages.recipients').at(-1)?.input).toEqual({
      signupSheetId: 5,
      slotId: 12,
      includeWaitlisted: true,
    });
  });

  it('says when there is nobody to write to, and Send is off', async () => {
    const api = fakeTrpc({ 'messages.recipients': () => ({ recipients: 0, messagesLeftToday: 5 }) });
    renderWithProviders(<MessageComposer sheet={sheet} onCancel={vi.fn()} />, { fetch: api.fetch });
    expect(await screen.findByText(recipientsText(i18n, 0))).toBeDefined();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows 'Subject is required' and 'Message is required' and sends nothing", async () => {
    const send = vi.fn();
    const api = server({ 'messages.send': send });
    renderWithProviders(<MessageComposer sheet={sheet} onCancel={vi.fn()} />, { fetch: api.fetch });
    await screen.findByText('This message will go to 3 volunteers');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Subject is required')).toBeDefined();
    expect(screen.getByText('Message is required')).toBeDefined();
    expect(send).not.toHaveBeenCalled();
  });

  it('previews the email as it will read', async () => {
    renderWithProviders(<MessageComposer sheet={sheet} onCancel={vi.fn()} />, { fetch: server().fetch });
    fill('Subject', 'Parking');
    fill('Message', 'Park behind the gym.\nThanks!');
    fireEvent.click(toInput());
    fireEvent.click(await screen.findByRole('option', { name: 'Setup' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = within(screen.getByRole('region', { name: 'Email preview' }));
    expect(preview.getByText('Parking')).toBeDefined();
    expect(preview.getByText(/Park behind the gym\.\s+Thanks!/)).toBeDefined();
    // The school's clock, whatever the browser's.
    expect(
      preview.getByText('From Olu Chair, organizer of Spring Fair (Saturday, May 3, 2031 at 10:00 AM)'),
    ).toBeDefined();
    expect(preview.getByText(/^Sent to the volunteers of Setup \(Saturday, May 3, 2031/)).toBeDefined();
    expect(preview.getByText('Reply to this email to answer Olu Chair.')).toBeDefined();
  });

  it('sends and says to how many', async () => {
    const api = server({ 'messages.send': () => ({ recipients: 3 }) });
    renderWithProviders(<MessageComposer sheet={sheet} onCancel={vi.fn()} />, { fetch: api.fetch });
    await screen.findByText('This message will go to 3 volunteers');
    fill('Subject', '  Parking  ');
    fill('Message', 'Park behind the gym.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message sent to 3 volunteers')).toBeDefined();
    expect(api.calls.find((c) => c.path === 'messages.send')?.input).toEqual({
      signupSheetId: 5,
      includeWaitlisted: false,
      subject: 'Parking',
      body: 'Park behind the gym.',
    });
    // The form is ready for the next one.
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Subject', { exact: false }).value).toBe(''));
  });

  it("shows the day's limit above Send, and a field's refusal on its field", async () => {
    let answer: FakeTrpcError = new FakeTrpcError('BAD_REQUEST', sheetMessageMessages.tooManyMessages, {
      reason: 'tooManyMessages',
    });
    const api = server({
      'messages.send': () => {
        throw answer;
      },
    });
    renderWithProviders(<MessageComposer sheet={sheet} onCancel={vi.fn()} />, { fetch: api.fetch });
    await screen.findByText('This message will go to 3 volunteers');
    fill('Subject', 'Parking');
    fill('Message', 'Park behind the gym.');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(sheetMessageMessages.tooManyMessages)).toBeDefined();

    answer = new FakeTrpcError('BAD_REQUEST', sheetMessageMessages.slotNotOnSheet, {
      reason: 'slotNotOnSheet',
      field: 'slotId',
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(sheetMessageMessages.slotNotOnSheet)).toBeDefined();
    expect(toInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('turns Send off once the day’s messages are used up', async () => {
    const api = fakeTrpc({ 'messages.recipients': () => ({ recipients: 3, messagesLeftToday: 0 }) });
    renderWithProviders(<MessageComposer sheet={sheet} onCancel={vi.fn()} />, { fetch: api.fetch });
    expect(await screen.findByText(sheetMessageMessages.tooManyMessages)).toBeDefined();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('MessageLog', () => {
  it('lists what was sent: when (school time), by whom, subject, recipients, which slot', async () => {
    const api = fakeTrpc({
      'messages.list': () => [
        {
          id: 2,
          sentAt: schoolDate(2031, 3, 28, 18, 5),
          sentByName: 'Olu Chair',
          subject: 'Gloves',
          body: 'In the shed.',
          slotId: 12,
          slotTitle: 'Cleanup',
          includeWaitlisted: true,
          recipients: 4,
        },
        {
          id: 1,
          sentAt: schoolDate(2031, 3, 27, 9, 0),
          sentByName: 'Administrator',
          subject: 'Parking',
          body: 'Behind the gym.',
          slotId: null,
          slotTitle: null,
          includeWaitlisted: false,
          recipients: 7,
        },
      ],
    });
    renderWithProviders(<MessageLog sheetId={5} />, { fetch: api.fetch });
    const list = within(await screen.findByRole('list', { name: 'Messages sent' }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items.map((item) => within(item));
    expect(first?.getByText('Gloves')).toBeDefined();
    expect(first?.getByText('Monday, April 28, 2031 at 6:05 PM · by Olu Chair')).toBeDefined();
    expect(first?.getByText('4 volunteers')).toBeDefined();
    expect(first?.getByText('Cleanup')).toBeDefined();
    expect(first?.getByText('With waitlist')).toBeDefined();
    expect(second?.getByText('Everyone on this sheet')).toBeDefined();
    expect(second?.getByText('7 volunteers')).toBeDefined();
  });
});

describe('MessageVolunteersButton', () => {
  it("opens the composer for the sheet from the card's tool", async () => {
    renderWithProviders(<MessageVolunteersButton sheet={sheet} />, { fetch: server().fetch });
    fireEvent.click(screen.getByRole('button', { name: 'Message volunteers of Spring Fair' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message volunteers: Spring Fair' });
    expect(await within(dialog).findByText('This message will go to 3 volunteers')).toBeDefined();
    expect(within(dialog).getByText('No messages sent from this sheet yet.')).toBeDefined();
  });
});
