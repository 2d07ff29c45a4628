import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type I18n, i18nFor } from '@pac/i18n/server';
import type { Question } from '@pac/validators';
import { describe, expect, it, vi } from 'vitest';
import { type RenderOptions, renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { type SignupFormProps, type SignupFormSlot, type SignupRefusal, SignupForm } from './SignupForm';

const english = i18nFor('en');

const eventDate = schoolDate(2031, 2, 14, 18, 0);

function slot(id: number, title: string, extra: Partial<SignupFormSlot> = {}): SignupFormSlot {
  return {
    id,
    title,
    kind: 'task',
    maxVolunteers: 3,
    currentVolunteers: 0,
    startTime: schoolDate(2031, 2, 14, 16, 0),
    endTime: null,
    ...extra,
  };
}

function setup(props: Partial<SignupFormProps> = {}, options: RenderOptions = {}) {
  const onSubmit = vi.fn<SignupFormProps['onSubmit']>();
  const onCancel = vi.fn();
  renderWithProviders(
    <SignupForm slots={[slot(5, 'Judges')]} eventDate={eventDate} onSubmit={onSubmit} onCancel={onCancel} {...props} />,
    options,
  );
  return { onSubmit, onCancel };
}

const field = (label: RegExp) => screen.getByLabelText(label);
const type = (label: RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
/** Matches a label that starts with `text` (a required field's label ends in ' *'). */
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
/** Sends the form, on a page in `t`'s language (English unless told). */
const submit = (t: I18n = english) => fireEvent.click(screen.getByRole('button', { name: t._('Sign Up') }));
/** Fills in who is signing up, on a page in `t`'s language (English unless told). */
function fillPerson(t: I18n = english) {
  type(startingWith(t._('Name')), 'Jamie Rivera');
  type(startingWith(t._('Email')), 'jamie@example.org');
  type(startingWith(t._('Phone')), '555-0142');
}

const questions: Question[] = [
  { id: 'child', label: "Child's name and class", kind: 'text', required: true },
  { id: 'size', label: 'T-shirt size', kind: 'choice', options: ['S', 'M', 'L'], required: false },
  { id: 'photos', label: 'Photos are fine', kind: 'checkbox', required: false },
];

describe('SignupForm', () => {
  it('marks name, email and phone as required with a visible star, and notes as optional', () => {
    setup();
    const labelText = (input: HTMLElement) => document.querySelector(`label[for="${input.id}"]`)?.textContent ?? '';
    for (const label of [/^Name/, /^Email/, /^Phone/]) {
      expect(field(label).hasAttribute('required')).toBe(true);
      expect(labelText(field(label))).toMatch(/\*$/);
    }
    expect(field(/^Notes/).hasAttribute('required')).toBe(false);
    expect(labelText(field(/^Notes/))).not.toContain('*');
  });

  it("shows the shared schema's messages on submit and sends nothing", () => {
    const { onSubmit } = setup();
    expect(screen.queryByText('Name is required')).toBeNull();
    submit();
    expect(screen.getByText('Name is required')).toBeDefined();
    expect(screen.getByText('Email is required')).toBeDefined();
    expect(screen.getByText('Phone is required')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not validate while typing before the first submit, then re-validates on change', () => {
    setup();
    type(/^Email/, 'jamie');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    submit();
    expect(screen.getByText('Please enter a valid email address')).toBeDefined();
    type(/^Name/, 'Jamie Rivera');
    expect(screen.queryByText('Name is required')).toBeNull();
    type(/^Email/, 'jamie@example.org');
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    type(/^Email/, '');
    expect(screen.getByText('Email is required')).toBeDefined();
  });

  it('starts with the reminder checkbox ticked and submits the parsed values', () => {
    const { onSubmit } = setup();
    type(/^Name/, '  Jamie Rivera ');
    type(/^Email/, 'Jamie@Example.ORG');
    type(/^Phone/, '555-0142');
    const reminders = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Send me reminders about this event' });
    expect(reminders.checked).toBe(true);
    submit();
    expect(onSubmit).toHaveBeenCalledWith(
      {
        name: 'Jamie Rivera',
        email: 'jamie@example.org',
        phone: '555-0142',
        notes: null,
        emailConsent: true,
        answers: {},
        quantities: {},
        language: 'en',
      },
      expect.any(Function),
    );
  });

  it('keeps the reminder choice the prefill carries', () => {
    setup({ prefill: { name: 'Pat Parent', email: 'pat@example.org', phone: null, emailConsent: false } });
    expect((field(/^Name/) as HTMLInputElement).value).toBe('Pat Parent');
    expect((field(/^Email/) as HTMLInputElement).value).toBe('pat@example.org');
    expect((field(/^Phone/) as HTMLInputElement).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: /reminders/ }).checked).toBe(false);
  });

  it("offers 'Language for messages': every language named in itself, the page's first, and sends the one chosen", () => {
    const farsi = i18nFor('fa');
    const { onSubmit } = setup({}, { language: 'fa' });
    // A Farsi page: the field is named in Farsi.
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: farsi._('Language for messages') });
    expect(select.value).toBe('fa');
    const options = within(select).getAllByRole<HTMLOptionElement>('option');
    expect(options.map((o) => [o.value, o.lang, o.textContent])).toEqual([
      ['en', 'en', 'English'],
      ['fr', 'fr', 'Français'],
      ['zh-Hans', 'zh-Hans', '简体中文'],
      ['zh-Hant', 'zh-Hant', '繁體中文'],
      ['pa', 'pa', 'ਪੰਜਾਬੀ'],
      ['fa', 'fa', 'فارسی'],
      ['ko', 'ko', '한국어'],
      ['es', 'es', 'Español'],
      ['tl', 'tl', 'Tagalog'],
    ]);
    fireEvent.change(select, { target: { value: 'ko' } });
    fillPerson(farsi);
    submit(farsi);
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ language: 'ko' }), expect.any(Function));
  });

  it('calls onCancel from Cancel', () => {
    const { onCancel } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe("SignupForm: the sheet's questions", () => {
  it('asks each question, marks the required ones, and says their sentences before sending', () => {
    const { onSubmit } = setup({ questions });
    const child = field(/^Child's name and class/);
    expect(child.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('radiogroup', { name: 'T-shirt size' })).toBeDefined();
    expect(screen.getByRole('checkbox', { name: 'Photos are fine' })).toBeDefined();
    fillPerson();
    submit();
    expect(screen.getByText("Child's name and class is required")).toBeDefined();
    expect(child.getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the answers as the server keeps them: trimmed, empty ones left out', () => {
    const { onSubmit } = setup({ questions });
    fillPerson();
    type(/^Child's name and class/, '  Sam, 3B ');
    fireEvent.click(screen.getByRole('radio', { name: 'M' }));
    submit();
    expect(onSubmit.mock.calls[0]?.[0].answers).toEqual({ child: 'Sam, 3B', size: 'M', photos: false });
  });

  it("shows the server's refusal of an answer on its question", async () => {
    const { onSubmit } = setup({ questions });
    fillPerson();
    type(/^Child's name and class/, 'Sam');
    submit();
    const showRefusal = onSubmit.mock.calls[0]?.[1];
    act(() =>
      showRefusal?.({
        message: 'Please choose one of the options for T-shirt size',
        field: 'answers.size',
        slotId: null,
      }),
    );
    expect(await screen.findByText('Please choose one of the options for T-shirt size')).toBeDefined();
  });
});

describe('SignupForm: item slots', () => {
  const cupcakes = slot(7, 'Cupcakes', { kind: 'item', maxVolunteers: 24, currentVolunteers: 12 });

  it('asks how many the person brings, 1 to what is still needed', () => {
    const { onSubmit } = setup({ slots: [cupcakes] });
    const quantity = screen.getByLabelText<HTMLInputElement>(/^How many will you bring\?/);
    expect(quantity.value).toBe('1');
    expect(screen.getByText('12 still needed')).toBeDefined();
    fillPerson();
    fireEvent.change(quantity, { target: { value: '13' } });
    submit();
    expect(screen.getByText('Only 12 still needed for this item')).toBeDefined();
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(screen.getByText('Quantity must be a whole number of at least 1')).toBeDefined();
    fireEvent.change(quantity, { target: { value: '12' } });
    submit();
    expect(onSubmit.mock.calls[0]?.[0].quantities).toEqual({ 7: 12 });
  });
});

describe('SignupForm: several slots', () => {
  const slots = [
    slot(1, 'Setup crew'),
    slot(2, 'Cupcakes', { kind: 'item', maxVolunteers: 24, currentVolunteers: 0 }),
    slot(3, 'Judges', { currentVolunteers: 3 }),
  ];

  it('lists the slots with their times, the full one for its waitlist, and a quantity for the item', () => {
    const onRemoveSlot = vi.fn();
    setup({ slots, onRemoveSlot });
    const list = screen.getByRole('region', { name: 'Your slots' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual(['Setup crew', 'Cupcakes', 'Judges']);
    expect(within(items[0] as HTMLElement).getByText('Friday, March 14, 2031 · 4:00 PM')).toBeDefined();
    expect(within(items[2] as HTMLElement).getByText("Full: you'll join the waitlist")).toBeDefined();
    expect(within(items[1] as HTMLElement).getByLabelText(/^How many will you bring\? \(Cupcakes\)/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Judges' }));
    expect(onRemoveSlot).toHaveBeenCalledWith(3);
  });

  it('shows which slot the server refused, keeps every value, and sends again', async () => {
    const { onSubmit } = setup({ slots });
    fillPerson();
    submit();
    const refusal: SignupRefusal = { message: 'This volunteer slot is full', field: null, slotId: 1 };
    act(() => onSubmit.mock.calls[0]?.[1](refusal));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Nothing was saved')).toBeDefined();
    expect(within(alert).getByText('Setup crew: This volunteer slot is full')).toBeDefined();
    expect((field(/^Name/) as HTMLInputElement).value).toBe('Jamie Rivera');
    submit();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(screen.queryByText('Nothing was saved')).toBeNull();
  });

  it("puts a quantity refusal on that slot's field", async () => {
    const { onSubmit } = setup({ slots });
    fillPerson();
    submit();
    act(() =>
      onSubmit.mock.calls[0]?.[1]({ message: 'Only 4 still needed for this item', field: 'quantity', slotId: 2 }),
    );
    const quantity = await screen.findByLabelText(/^How many will you bring\? \(Cupcakes\)/);
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Cupcakes: Only 4 still needed for this item')).toBeDefined();
  });
});
