import { fireEvent, screen, waitFor } from '@testing-library/react';
import { questionMessages, signupMessages } from '@pac/validators';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { VolunteerEditForm, type VolunteerEditRefusal } from './VolunteerEditForm';

const questions = [
  { id: 'qClass', label: 'Child’s class', kind: 'text' as const, required: true },
  { id: 'qSize', label: 'T-shirt size', kind: 'choice' as const, options: ['S', 'M', 'L'], required: false },
  { id: 'qLadder', label: 'Brings a ladder', kind: 'checkbox' as const, required: false },
];

const volunteer = {
  id: 12,
  name: 'Sam Lee',
  email: 'sam@example.org',
  phone: '555-0100',
  notes: null,
  emailConsent: true,
  status: 'confirmed' as const,
  quantity: 2,
  answers: { qClass: 'Div 4', qSize: 'M' },
};

const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

describe('VolunteerEditForm', () => {
  it("edits the answers to the sheet's questions, starting from the volunteer's, and sends them", () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <VolunteerEditForm volunteer={volunteer} questions={questions} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^Child’s class/).value).toBe('Div 4');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'M' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /^Brings a ladder/ }).checked).toBe(false);
    // A task slot (or none given): no quantity.
    expect(screen.queryByLabelText(/^Quantity/)).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'L' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Brings a ladder/ }));
    save();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ id: 12, answers: { qClass: 'Div 4', qSize: 'L', qLadder: true } }),
      expect.any(Function),
    );
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('quantity');
  });

  it('sends no answers when they did not change, so an older signup missing a required one can be corrected', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <VolunteerEditForm
        volunteer={{ ...volunteer, answers: {} }}
        questions={questions}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Samantha Lee' } });
    save();
    expect(onSubmit).toHaveBeenCalledOnce();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ id: 12, name: 'Samantha Lee' });
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty('answers');
  });

  it("says a changed answer's problem with the server's sentence, on its field, and sends nothing", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <VolunteerEditForm volunteer={volunteer} questions={questions} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    const field = screen.getByLabelText(/^Child’s class/);
    fireEvent.change(field, { target: { value: ' ' } });
    save();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(questionMessages.answerRequired('Child’s class'))).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it('edits what an item signup brings, up to what is still needed plus its own', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <VolunteerEditForm
        volunteer={volunteer}
        slot={{ kind: 'item', maxVolunteers: 24, currentVolunteers: 20 }}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    const quantity = screen.getByLabelText<HTMLInputElement>(/^Quantity/);
    expect(quantity.value).toBe('2');
    // 4 still needed, and the 2 they bring now.
    fireEvent.change(quantity, { target: { value: '7' } });
    save();
    expect(screen.getByText(signupMessages.stillNeeded(6))).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(quantity, { target: { value: '6' } });
    save();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ id: 12, quantity: 6 }), expect.any(Function));
  });

  it("puts the server's refusal on the field it names", async () => {
    let refuse: ((refusal: VolunteerEditRefusal) => boolean) | undefined;
    renderWithProviders(
      <VolunteerEditForm
        volunteer={volunteer}
        questions={questions}
        slot={{ kind: 'item', maxVolunteers: 24, currentVolunteers: 20 }}
        onSubmit={(_values, showRefusal) => {
          refuse = showRefusal;
        }}
        onCancel={vi.fn()}
      />,
    );
    save();
    expect(refuse?.({ field: 'quantity', message: 'Only 1 still needed for this item' })).toBe(true);
    expect(await screen.findByText('Only 1 still needed for this item')).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Quantity/)));
    expect(refuse?.({ field: null, message: 'Volunteer not found' })).toBe(false);
  });
});
