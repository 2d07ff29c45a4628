import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { questionMessages, signupMessages } from '@pac/validators';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { SheetEditForm } from '../EditSheetDialog';
import { SheetCreateForm } from '../SheetDialogs';

// The editor as organizers meet it: inside 'Create New Signup Sheet' and 'Edit Signup Sheet'.

const organizer = { name: 'Olivia', email: 'olivia@example.org' };

function renderCreate() {
  const onSubmit = vi.fn();
  renderWithProviders(<SheetCreateForm onSubmit={onSubmit} onCancel={vi.fn()} organizer={organizer} />);
  fireEvent.change(screen.getByLabelText(/^Event Title/), { target: { value: 'Spring Fair' } });
  return { onSubmit };
}

const editor = () => screen.getByRole('group', { name: 'Questions for volunteers' });
const question = (n: number) => screen.getByRole('group', { name: `Question ${n}` });
const addQuestion = () => fireEvent.click(within(editor()).getByRole('button', { name: 'Add question' }));
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Create Sheet' }));
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const questionField = (n: number) => within(question(n)).getByLabelText<HTMLInputElement>(/^Question/);
const typeSelect = (n: number) => within(question(n)).getByLabelText<HTMLSelectElement>(/^Answer type/);
const option = (n: number, o: number) =>
  within(question(n)).getByLabelText<HTMLInputElement>(new RegExp(`^Option ${o}`));

describe('QuestionsEditor', () => {
  it('adds a required choice question with its options and a text question, with a slots-per-person limit', async () => {
    const { onSubmit } = renderCreate();
    expect(screen.queryByRole('group', { name: 'Question 1' })).toBeNull();
    type(screen.getByLabelText(/^Slots per person/), '2');

    addQuestion();
    // The new question's wording takes the focus.
    await waitFor(() => expect(document.activeElement).toBe(questionField(1)));
    type(questionField(1), 'T-shirt size');
    type(typeSelect(1), 'choice');
    // A choice starts with the two options it needs at least, and no way to go below them.
    expect(within(question(1)).queryAllByRole('button', { name: /^Remove option/ })).toEqual([]);
    type(option(1, 1), 'Small');
    type(option(1, 2), 'Medium');
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Add option' }));
    await waitFor(() => expect(document.activeElement).toBe(option(1, 3)));
    type(option(1, 3), 'Large');
    fireEvent.click(within(question(1)).getByRole('switch', { name: 'Required' }));

    addQuestion();
    type(questionField(2), 'Allergies');

    submit();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Spring Fair',
        maxSlotsPerPerson: 2,
        questions: [
          { label: 'T-shirt size', kind: 'choice', options: ['Small', 'Medium', 'Large'], required: true },
          { label: 'Allergies', kind: 'text', required: false },
        ],
      }),
    );
  });

  it('removes an option, then a question, moving the focus to what takes its place', async () => {
    const { onSubmit } = renderCreate();
    addQuestion();
    type(questionField(1), 'Size');
    type(typeSelect(1), 'choice');
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Add option' }));
    type(option(1, 1), 'S');
    type(option(1, 2), 'M');
    type(option(1, 3), 'L');
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Remove option 2 of question 1' }));
    expect([option(1, 1).value, option(1, 2).value]).toEqual(['S', 'L']);
    await waitFor(() => expect(document.activeElement).toBe(option(1, 2)));

    addQuestion();
    type(questionField(2), 'Bringing a ladder');
    type(typeSelect(2), 'checkbox');
    fireEvent.click(within(question(1)).getByRole('button', { name: 'Remove question 1' }));
    expect(screen.queryByRole('group', { name: 'Question 2' })).toBeNull();
    expect(questionField(1).value).toBe('Bringing a ladder');
    await waitFor(() => expect(document.activeElement).toBe(questionField(1)));
    expect(within(editor()).getByText('Question 1 removed')).toBeDefined();

    fireEvent.click(within(question(1)).getByRole('button', { name: 'Remove question 1' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(editor()).getByRole('button', { name: 'Add question' })),
    );
    submit();
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ questions: [], maxSlotsPerPerson: null }));
  });

  it('moves a question up and down; the first cannot go up nor the last down', async () => {
    const { onSubmit } = renderCreate();
    addQuestion();
    type(questionField(1), 'First');
    addQuestion();
    type(questionField(2), 'Second');
    expect(within(question(1)).getByRole<HTMLButtonElement>('button', { name: 'Move question 1 up' }).disabled).toBe(
      true,
    );
    expect(within(question(2)).getByRole<HTMLButtonElement>('button', { name: 'Move question 2 down' }).disabled).toBe(
      true,
    );

    fireEvent.click(within(question(2)).getByRole('button', { name: 'Move question 2 up' }));
    expect([questionField(1).value, questionField(2).value]).toEqual(['Second', 'First']);
    // Now first, it cannot go up: the focus goes to its other arrow.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(question(1)).getByRole('button', { name: 'Move question 1 down' })),
    );
    expect(within(editor()).getByText('Question moved to position 1 of 2')).toBeDefined();

    submit();
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      questions: [{ label: 'Second' }, { label: 'First' }],
    });
  });

  it("shows the shared schema's messages on the fields they are about, focuses the first, and sends nothing", async () => {
    const { onSubmit } = renderCreate();
    addQuestion();
    addQuestion();
    type(questionField(2), 'Size');
    type(typeSelect(2), 'choice');
    type(option(2, 1), 'Small');
    type(option(2, 2), 'small');
    // Typed last: leaving the field would bring a number below 1 up to 1.
    type(screen.getByLabelText(/^Slots per person/), '0');

    submit();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(signupMessages.maxSlotsPerPerson)).toBeDefined();
    expect(questionField(1).getAttribute('aria-invalid')).toBe('true');
    expect(within(question(1)).getByText(questionMessages.labelRequired)).toBeDefined();
    expect(questionField(2).getAttribute('aria-invalid')).not.toBe('true');
    expect(option(2, 2).getAttribute('aria-invalid')).toBe('true');
    expect(within(question(2)).getByText(questionMessages.duplicateOption)).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Slots per person/)));

    // Fixed as typed, each message goes; an option left empty says so.
    type(screen.getByLabelText(/^Slots per person/), '');
    type(questionField(1), 'Child’s class');
    type(option(2, 2), '');
    expect(screen.queryByText(signupMessages.maxSlotsPerPerson)).toBeNull();
    expect(within(question(1)).queryByText(questionMessages.labelRequired)).toBeNull();
    expect(within(question(2)).getByText(questionMessages.optionRequired)).toBeDefined();
    type(option(2, 2), 'Medium');
    submit();
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        maxSlotsPerPerson: null,
        questions: [
          { label: 'Child’s class', kind: 'text', required: false },
          { label: 'Size', kind: 'choice', options: ['Small', 'Medium'], required: false },
        ],
      }),
    );
  });

  it('stops at 10 questions, saying so', () => {
    renderCreate();
    for (let n = 0; n < 10; n += 1) addQuestion();
    expect(screen.getByRole('group', { name: 'Question 10' })).toBeDefined();
    expect(within(editor()).getByRole<HTMLButtonElement>('button', { name: 'Add question' }).disabled).toBe(true);
    expect(within(editor()).getByText(questionMessages.tooMany)).toBeDefined();
  });
});

describe('QuestionsEditor in Edit Signup Sheet', () => {
  const sheet = {
    id: 5,
    title: 'Spring Fair',
    description: null,
    eventDate: schoolDate(2031, 4, 3, 17, 0),
    organizerName: 'Olivia',
    organizerEmail: 'olivia@example.org',
    ownerId: null,
    maxSlotsPerPerson: 3,
    questions: [
      { id: 'qSize', label: 'T-shirt size', kind: 'choice' as const, options: ['S', 'M'], required: true },
      { id: 'qLadder', label: 'I can bring a ladder', kind: 'checkbox' as const, required: false },
    ],
  };

  it("starts from the sheet's questions and sends them back with their ids, a new one without", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SheetEditForm sheet={sheet} owners={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(screen.getByLabelText<HTMLInputElement>(/^Slots per person/).value).toBe('3');
    expect(questionField(1).value).toBe('T-shirt size');
    expect(typeSelect(1).value).toBe('choice');
    expect([option(1, 1).value, option(1, 2).value]).toEqual(['S', 'M']);
    expect(within(question(1)).getByRole<HTMLInputElement>('switch', { name: 'Required' }).checked).toBe(true);
    expect(typeSelect(2).value).toBe('checkbox');

    type(questionField(2), 'I can bring a step ladder');
    addQuestion();
    type(questionField(3), 'Allergies');
    type(screen.getByLabelText(/^Slots per person/), '');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 5,
        maxSlotsPerPerson: null,
        questions: [
          { id: 'qSize', label: 'T-shirt size', kind: 'choice', options: ['S', 'M'], required: true },
          { id: 'qLadder', label: 'I can bring a step ladder', kind: 'checkbox', required: false },
          { label: 'Allergies', kind: 'text', required: false },
        ],
      }),
    );
  });
});
