import { useForm } from '@mantine/form';
import type { OrganizerNotification } from '@pac/validators';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import { SheetFields, sheetFormCheck, sheetFormInput, sheetFormValues } from './SheetFields';

describe('sheetFormValues / sheetFormInput', () => {
  it('holds a sheet as form values and turns them back into the schema input', () => {
    const values = sheetFormValues({
      title: 'Spring Fair',
      description: null,
      eventDate: schoolDate(2031, 4, 3, 17, 0),
      location: 'Gym, 123 Main St',
      organizerName: 'Olivia',
      organizerEmail: 'olivia@example.org',
      maxSlotsPerPerson: 2,
      questions: [
        { id: 'q1', label: 'T-shirt size', kind: 'choice', options: ['S', 'M'], required: true },
        { id: 'q2', label: 'Allergies', kind: 'text', required: false },
      ],
      notifyOrganizer: 'daily',
    });
    expect(values).toEqual({
      title: 'Spring Fair',
      description: '',
      eventDate: '2031-05-03T17:00',
      location: 'Gym, 123 Main St',
      organizerName: 'Olivia',
      organizerEmail: 'olivia@example.org',
      maxSlotsPerPerson: 2,
      questions: [
        { key: 'saved-q1', id: 'q1', label: 'T-shirt size', kind: 'choice', options: ['S', 'M'], required: true },
        { key: 'saved-q2', id: 'q2', label: 'Allergies', kind: 'text', options: [], required: false },
      ],
      notifyOrganizer: 'daily',
      notifyOrganizerKnown: true,
    });
    const { notifyOrganizerKnown: _known, ...fields } = values;
    expect(sheetFormInput(values)).toEqual({
      ...fields,
      eventDate: schoolDate(2031, 4, 3, 17, 0),
      // Ids kept (answers stay attached), options only on a choice question, no form keys.
      questions: [
        { id: 'q1', label: 'T-shirt size', kind: 'choice', options: ['S', 'M'], required: true },
        { id: 'q2', label: 'Allergies', kind: 'text', required: false },
      ],
    });
    expect(sheetFormInput({ ...values, eventDate: '' }).eventDate).toBeNull();
    // An emptied number field is no limit.
    expect(sheetFormInput({ ...values, maxSlotsPerPerson: '' }).maxSlotsPerPerson).toBeNull();
  });

  it('starts a new sheet empty but for its date and organizer, with no limit and no questions', () => {
    expect(sheetFormValues({ eventDate: schoolDate(2031, 0, 2, 8, 5), organizerName: 'Ada' })).toEqual({
      title: '',
      description: '',
      eventDate: '2031-01-02T08:05',
      location: '',
      organizerName: 'Ada',
      organizerEmail: '',
      maxSlotsPerPerson: '',
      questions: [],
      notifyOrganizer: 'each',
      notifyOrganizerKnown: false,
    });
  });

  it("sends the notification setting when the sheet's own was known or another was chosen", () => {
    const fresh = sheetFormValues({ eventDate: schoolDate(2031, 0, 2, 8, 5) });
    // A new sheet left at the default: the server's default applies.
    expect(sheetFormInput(fresh)).not.toHaveProperty('notifyOrganizer');
    expect(sheetFormInput({ ...fresh, notifyOrganizer: 'off' })).toMatchObject({ notifyOrganizer: 'off' });
    const saved = sheetFormValues({ eventDate: schoolDate(2031, 0, 2, 8, 5), notifyOrganizer: 'daily' });
    expect(sheetFormInput({ ...saved, notifyOrganizer: 'each' })).toMatchObject({ notifyOrganizer: 'each' });
    expect(sheetFormInput(saved)).not.toHaveProperty('notifyOrganizerKnown');
  });
});

describe("SheetFields' 'Email me about signups'", () => {
  function Harness({ initial }: { initial?: OrganizerNotification }) {
    const form = useForm({
      initialValues: sheetFormValues({ eventDate: schoolDate(2031, 0, 2, 8, 5), notifyOrganizer: initial }),
    });
    return (
      <>
        <SheetFields form={form} />
        <output data-testid="notify">{form.values.notifyOrganizer}</output>
      </>
    );
  }

  it("is a labelled select of the three choices, 'each' for a new sheet, and holds the choice", () => {
    renderWithProviders(<Harness />);
    const select = screen.getByLabelText<HTMLSelectElement>('Email me about signups');
    expect(select.tagName).toBe('SELECT');
    expect(Array.from(select.options).map((o) => [o.value, o.text])).toEqual([
      ['each', 'For each signup, cancellation and change'],
      ['daily', 'A daily summary at 7:00 AM'],
      ['off', 'Never'],
    ]);
    expect(select.value).toBe('each');
    fireEvent.change(select, { target: { value: 'off' } });
    expect(screen.getByTestId('notify').textContent).toBe('off');
  });

  it("shows a saved sheet's choice", () => {
    renderWithProviders(<Harness initial="daily" />);
    expect(screen.getByLabelText<HTMLSelectElement>('Email me about signups').value).toBe('daily');
  });
});

describe('sheetFormCheck', () => {
  const values = sheetFormValues({ eventDate: schoolDate(2031, 0, 2, 8, 5) });
  const question = (extra: object) => ({
    key: 'k',
    label: 'Size',
    kind: 'text' as const,
    options: [],
    required: false,
    ...extra,
  });

  it("puts the shared schema's messages on each question's own field", () => {
    expect(
      sheetFormCheck({
        ...values,
        questions: [
          question({ label: ' ' }),
          question({ kind: 'choice', options: ['Small', 'small', ''] }),
          question({ kind: 'choice', options: ['Only one'] }),
        ],
      }),
    ).toEqual({
      'questions.0.label': 'Question is required',
      'questions.1.options.2': 'Option is required',
      'questions.1.options.1': 'Each option must be different',
      'questions.2.options': 'A choice question needs at least 2 options',
    });
  });

  it('ignores the options a question of another type keeps from before', () => {
    expect(sheetFormCheck({ ...values, questions: [question({ kind: 'text', options: ['', ''] })] })).toEqual({});
  });
});
