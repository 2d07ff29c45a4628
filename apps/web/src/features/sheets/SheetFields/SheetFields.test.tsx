import { describe, expect, it } from 'vitest';
import { schoolDate } from '../../../../test/schoolTime';
import { sheetFormCheck, sheetFormInput, sheetFormValues } from './SheetFields';

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
    });
    expect(sheetFormInput(values)).toEqual({
      ...values,
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
    });
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
