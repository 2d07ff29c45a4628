import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { SlotEditForm, type SlotEditFormSlot } from './SlotEditForm';

const slot: SlotEditFormSlot = {
  id: 4,
  title: 'Setup crew',
  description: null,
  startTime: new Date(2031, 4, 3, 8, 0),
  endTime: new Date(2031, 4, 3, 10, 30),
  maxVolunteers: 4,
};

function setup(submitting = false) {
  const onSubmit = vi.fn();
  renderWithProviders(<SlotEditForm slot={slot} onSubmit={onSubmit} onCancel={vi.fn()} submitting={submitting} />);
  return { onSubmit };
}

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('SlotEditForm', () => {
  it("hints (without blocking) when a time falls outside the event's day", () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SlotEditForm slot={slot} eventDate={new Date(2031, 4, 3, 17, 0)} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(input(/^End Time/), { target: { value: '2031-05-04T01:00' } });
    expect(screen.getByRole('status').textContent).toBe(
      'This slot is on Sunday, May 4, 2031, but the event is on Saturday, May 3, 2031',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ id: 4, endTime: new Date(2031, 4, 4, 1, 0) }));
  });

  it('is prefilled, with times as local date-times to the minute', () => {
    setup();
    expect(input(/^Volunteer Role/).value).toBe('Setup crew');
    expect(input(/^Start Time/).value).toBe('2031-05-03T08:00');
    expect(input(/^End Time/).value).toBe('2031-05-03T10:30');
    expect(input(/^Number of Volunteers Needed/).value).toBe('4');
  });

  it('requires a role and an end after the start', () => {
    const { onSubmit } = setup();
    fireEvent.change(input(/^Volunteer Role/), { target: { value: ' ' } });
    fireEvent.change(input(/^End Time/), { target: { value: '2031-05-03T07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Slot' }));
    expect(screen.getByText('Title is required')).toBeDefined();
    expect(screen.getByText('End time must be after start time')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends Dates, and null for a cleared time', () => {
    const { onSubmit } = setup();
    fireEvent.change(input(/^End Time/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Slot' }));
    expect(onSubmit).toHaveBeenCalledWith({
      id: 4,
      title: 'Setup crew',
      description: null,
      startTime: new Date(2031, 4, 3, 8, 0),
      endTime: null,
      maxVolunteers: 4,
    });
  });

  it("says 'Updating...' while the update is under way", () => {
    setup(true);
    expect(screen.getByRole('button', { name: 'Updating...' }).hasAttribute('disabled')).toBe(true);
  });
});
