import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ReminderEvent, type ReminderSheet } from './ReminderManagement';

const sheet: ReminderSheet = {
  id: 3,
  title: 'Spring Fair',
  eventDate: new Date(2031, 4, 3, 17, 0),
  upcomingSlots: 2,
  volunteerCount: 1,
};

describe('ReminderEvent', () => {
  it('shows the sheet, its upcoming slots and volunteers, and sends each kind of reminder', () => {
    const onSend = vi.fn();
    renderWithProviders(<ReminderEvent sheet={sheet} sending={null} onSend={onSend} />);
    expect(screen.getByText('Spring Fair')).toBeDefined();
    expect(screen.getByText(/2 upcoming slots · 1 volunteer$/)).toBeDefined();
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
});
