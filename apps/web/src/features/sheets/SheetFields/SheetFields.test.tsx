import { describe, expect, it } from 'vitest';
import { schoolDate } from '../../../../test/schoolTime';
import { sheetFormInput, sheetFormValues } from './SheetFields';

describe('sheetFormValues / sheetFormInput', () => {
  it('holds a sheet as form values and turns them back into the schema input', () => {
    const values = sheetFormValues({
      title: 'Spring Fair',
      description: null,
      eventDate: schoolDate(2031, 4, 3, 17, 0),
      organizerName: 'Olivia',
      organizerEmail: 'olivia@example.org',
    });
    expect(values).toEqual({
      title: 'Spring Fair',
      description: '',
      eventDate: '2031-05-03T17:00',
      organizerName: 'Olivia',
      organizerEmail: 'olivia@example.org',
    });
    expect(sheetFormInput(values)).toEqual({ ...values, eventDate: schoolDate(2031, 4, 3, 17, 0) });
    expect(sheetFormInput({ ...values, eventDate: '' }).eventDate).toBeNull();
  });

  it('starts a new sheet empty but for its date and organizer', () => {
    expect(sheetFormValues({ eventDate: schoolDate(2031, 0, 2, 8, 5), organizerName: 'Ada' })).toEqual({
      title: '',
      description: '',
      eventDate: '2031-01-02T08:05',
      organizerName: 'Ada',
      organizerEmail: '',
    });
  });
});
