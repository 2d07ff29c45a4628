import { slotUpdateSchema, volunteerSignupSchema } from '@pac/validators';
import { describe, expect, it } from 'vitest';
import { schemaErrors, zodResolver } from './schemaForm';

describe('schemaErrors', () => {
  it("maps the shared schema's issues to fields with SPEC.md's messages", () => {
    expect(schemaErrors(volunteerSignupSchema, { slotId: 1, name: '', email: '', phone: '', notes: '' })).toEqual({
      name: 'Name is required',
      email: 'Email is required',
      phone: 'Phone is required',
    });
  });

  it('keeps the first issue of a field', () => {
    expect(schemaErrors(volunteerSignupSchema, { slotId: 1, name: 'A', email: 'not-an-email', phone: '1' })).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('puts a cross-field issue on the field it names', () => {
    expect(
      schemaErrors(slotUpdateSchema, { id: 1, startTime: '2031-05-03T10:00', endTime: '2031-05-03T09:00' }),
    ).toEqual({ endTime: 'End time must be after start time' });
  });

  it('is empty for valid input', () => {
    expect(schemaErrors(volunteerSignupSchema, { slotId: 1, name: 'A', email: 'a@example.org', phone: '1' })).toEqual(
      {},
    );
  });
});

describe('zodResolver', () => {
  it('turns form values into the schema input first', () => {
    const resolve = zodResolver(volunteerSignupSchema, (values: { name: string }) => ({
      ...values,
      slotId: 1,
      email: 'a@example.org',
      phone: '555',
    }));
    expect(resolve({ name: ' ' })).toEqual({ name: 'Name is required' });
    expect(resolve({ name: 'Jo' })).toEqual({});
  });
});
