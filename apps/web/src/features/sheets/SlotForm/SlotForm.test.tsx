import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { endAfterMove, SlotForm, type SlotFormSlot } from './SlotForm';

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe("SlotForm, mode 'create'", () => {
  it("hints (without blocking) when the slot is not on the event's day", () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SlotForm
        mode="create"
        signupSheetId={7}
        eventDate={schoolDate(2031, 4, 3, 17, 0)}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.change(input(/^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.change(input(/^Start Time/), { target: { value: '2031-05-03T08:00' } });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(input(/^Start Time/), { target: { value: '2031-05-30T08:00' } });
    fireEvent.change(input(/^End Time/), { target: { value: '2031-05-30T09:00' } });
    expect(screen.getByRole('status').textContent).toBe(
      'This slot is on Friday, May 30, 2031, but the event is on Saturday, May 3, 2031',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ startTime: schoolDate(2031, 4, 30, 8, 0) }));
  });

  it("starts on the sheet's event date and time, an hour long, on the school's clock", () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SlotForm
        mode="create"
        signupSheetId={7}
        eventDate={schoolDate(2031, 4, 3, 17, 30)}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    expect(input(/^Start Time/).value).toBe('2031-05-03T17:30');
    expect(input(/^End Time/).value).toBe('2031-05-03T18:30');
    expect(screen.queryByRole('button', { name: 'Save and add another' })).toBeNull();
    fireEvent.change(input(/^Task Title/), { target: { value: 'Cleanup' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ startTime: schoolDate(2031, 4, 3, 17, 30), endTime: schoolDate(2031, 4, 3, 18, 30) }),
    );
  });

  it('goes on from the slot just added: its title, kind, capacity and place, starting at its end, as long, focused', () => {
    renderWithProviders(
      <SlotForm
        mode="create"
        signupSheetId={7}
        eventDate={schoolDate(2031, 4, 3, 17, 0)}
        after={{
          title: 'Pancakes',
          description: 'Flip them',
          location: 'Gym',
          startTime: schoolDate(2031, 4, 3, 8, 0),
          endTime: schoolDate(2031, 4, 3, 8, 45),
          maxVolunteers: 3,
          kind: 'task',
        }}
        onSubmit={vi.fn()}
        onSubmitAndAddAnother={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(input(/^Task Title/).value).toBe('Pancakes');
    expect(input(/^Location/).value).toBe('Gym');
    expect(input(/^Number of Volunteers Needed/).value).toBe('3');
    expect(input(/^Start Time/).value).toBe('2031-05-03T08:45');
    expect(input(/^End Time/).value).toBe('2031-05-03T09:30');
    expect(document.activeElement).toBe(input(/^Task Title/));
  });

  it("'Save and add another' hands the slot to its own callback; Enter and 'Add Slot' to onSubmit", () => {
    const onSubmit = vi.fn();
    const onSubmitAndAddAnother = vi.fn();
    renderWithProviders(
      <SlotForm
        mode="create"
        signupSheetId={7}
        eventDate={schoolDate(2031, 4, 3, 8, 0)}
        onSubmit={onSubmit}
        onSubmitAndAddAnother={onSubmitAndAddAnother}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save and add another' }));
    // The title is still missing: nothing is sent, and the next submit is not taken as 'another'.
    expect(screen.getByText('Title is required')).toBeDefined();
    fireEvent.change(input(/^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.submit(input(/^Task Title/).form as HTMLFormElement);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmitAndAddAnother).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save and add another' }));
    expect(onSubmitAndAddAnother).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Setup crew', startTime: schoolDate(2031, 4, 3, 8, 0) }),
    );
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('sends times as Dates or null, and a capacity that is not a number as 1', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SlotForm mode="create" signupSheetId={7} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(/^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.change(input(/^Start Time/), { target: { value: '2031-05-03T08:00' } });
    fireEvent.change(input(/^Number of Volunteers Needed/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(onSubmit).toHaveBeenCalledWith({
      signupSheetId: 7,
      title: 'Setup crew',
      description: null,
      location: null,
      startTime: schoolDate(2031, 4, 3, 8, 0),
      endTime: null,
      maxVolunteers: 1,
      kind: 'task',
    });
  });

  it('requires a task title and an end after the start', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SlotForm mode="create" signupSheetId={7} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(/^Start Time/), { target: { value: '2031-05-03T08:00' } });
    fireEvent.change(input(/^End Time/), { target: { value: '2031-05-03T07:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(screen.getByText('Title is required')).toBeDefined();
    expect(screen.getByText('End time must be after start time')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("starts as a volunteer task; 'Item to bring' asks for the item and the quantity needed instead", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SlotForm mode="create" signupSheetId={7} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(screen.getByRole('radiogroup', { name: 'Kind' })).toBeDefined();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Volunteer task' }).checked).toBe(true);
    expect(input(/^Number of Volunteers Needed/)).toBeDefined();

    fireEvent.click(screen.getByRole('radio', { name: 'Item to bring' }));
    expect(screen.queryByLabelText(/^Number of Volunteers Needed/)).toBeNull();
    expect(screen.queryByLabelText(/^Task Title/)).toBeNull();
    fireEvent.change(input(/^Item Name/), { target: { value: 'Cupcakes' } });
    fireEvent.change(input(/^Quantity needed/), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ signupSheetId: 7, title: 'Cupcakes', maxVolunteers: 24, kind: 'item' }),
    );

    // And back: SPEC.md's labels again.
    fireEvent.click(screen.getByRole('radio', { name: 'Volunteer task' }));
    expect(input(/^Task Title/).value).toBe('Cupcakes');
    expect(input(/^Number of Volunteers Needed/).value).toBe('24');
  });

  it("takes an optional location of the slot's own, trimmed, and refuses one over 200 characters", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SlotForm mode="create" signupSheetId={7} onSubmit={onSubmit} onCancel={vi.fn()} />);
    const location = input(/^Location/);
    expect(location.value).toBe('');
    expect(screen.getByText("Leave empty to use the sheet's location.")).toBeDefined();
    fireEvent.change(input(/^Task Title/), { target: { value: 'Parking' } });
    // maxLength stops typing past 200; a pasted or scripted value still meets the schema's message.
    fireEvent.change(location, { target: { value: 'x'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(screen.getByText('Must be at most 200 characters')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(location, { target: { value: '  Lot B  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Parking', location: 'Lot B' }));
  });

  it('starts with 1 volunteer needed and Cancel resets and closes', () => {
    const onCancel = vi.fn();
    renderWithProviders(<SlotForm mode="create" signupSheetId={7} onSubmit={vi.fn()} onCancel={onCancel} />);
    expect(input(/^Number of Volunteers Needed/).value).toBe('1');
    fireEvent.change(input(/^Task Title/), { target: { value: 'Setup crew' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
    expect(input(/^Task Title/).value).toBe('');
  });
});

const slot: SlotFormSlot = {
  id: 4,
  title: 'Setup crew',
  description: null,
  location: null,
  startTime: schoolDate(2031, 4, 3, 8, 0),
  endTime: schoolDate(2031, 4, 3, 10, 30),
  maxVolunteers: 4,
  kind: 'task',
};

function setup(submitting = false) {
  const onSubmit = vi.fn();
  renderWithProviders(
    <SlotForm mode="edit" slot={slot} onSubmit={onSubmit} onCancel={vi.fn()} submitting={submitting} />,
  );
  return { onSubmit };
}

describe("SlotForm, mode 'edit'", () => {
  it("hints (without blocking) when a time falls outside the event's day", () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SlotForm
        mode="edit"
        slot={slot}
        eventDate={schoolDate(2031, 4, 3, 17, 0)}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.change(input(/^End Time/), { target: { value: '2031-05-04T01:00' } });
    expect(screen.getByRole('status').textContent).toBe(
      'This slot is on Sunday, May 4, 2031, but the event is on Saturday, May 3, 2031',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Update Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ id: 4, endTime: schoolDate(2031, 4, 4, 1, 0) }));
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
      location: null,
      startTime: schoolDate(2031, 4, 3, 8, 0),
      endTime: null,
      maxVolunteers: 4,
      kind: 'task',
    });
  });

  it('is prefilled with the slot’s own location; emptying it sends null (the sheet’s location)', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SlotForm mode="edit" slot={{ ...slot, location: 'Lot B' }} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    expect(input(/^Location/).value).toBe('Lot B');
    fireEvent.change(input(/^Location/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ id: 4, location: null }));
  });

  it('starts an item slot as an item, and can make it a task', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <SlotForm
        mode="edit"
        slot={{ ...slot, kind: 'item', title: 'Juice boxes' }}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Item to bring' }).checked).toBe(true);
    expect(input(/^Item Name/).value).toBe('Juice boxes');
    expect(input(/^Quantity needed/).value).toBe('4');
    fireEvent.click(screen.getByRole('radio', { name: 'Volunteer task' }));
    expect(input(/^Volunteer Role/).value).toBe('Juice boxes');
    fireEvent.click(screen.getByRole('button', { name: 'Update Slot' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ id: 4, kind: 'task', maxVolunteers: 4 }));
  });

  it("says 'Updating...' while the update is under way", () => {
    setup(true);
    expect(screen.getByRole('button', { name: 'Updating...' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('endAfterMove', () => {
  it('moves the end as far as the start moved, keeping the length', () => {
    expect(endAfterMove('2031-05-03T08:00', '2031-06-21T09:30', '2031-05-03T09:00')).toBe('2031-06-21T10:30');
  });

  it('leaves the end alone while a time is missing', () => {
    expect(endAfterMove('', '2031-06-21T09:30', '2031-05-03T09:00')).toBeNull();
    expect(endAfterMove('2031-05-03T08:00', '2031-06-21T09:30', '')).toBeNull();
  });
});
