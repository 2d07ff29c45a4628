import { accountUpdateSchema } from '@pac/validators';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSchemaForm } from '../../lib/schemaForm';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ContactFields, type ContactFieldsProps, type ContactValues } from './ContactFields';

type Options = Omit<ContactFieldsProps<ContactValues>, 'form'>;

function Harness({ options, onSubmit }: { options: Options; onSubmit: (values: ContactValues) => void }) {
  const { form, onSubmit: handleSubmit } = useSchemaForm({
    initialValues: { name: '', email: '', phone: '', emailConsent: false },
    schema: accountUpdateSchema,
  });
  return (
    <form onSubmit={handleSubmit((_parsed, values) => onSubmit(values))} noValidate>
      <ContactFields form={form} {...options} />
      <button type="submit">Save</button>
    </form>
  );
}

function setup(options: Options = {}) {
  const onSubmit = vi.fn();
  const { container } = renderWithProviders(<Harness options={options} onSubmit={onSubmit} />);
  return { container, onSubmit };
}

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);
const labelOf = (input: HTMLElement) => document.querySelector(`label[for="${input.id}"]`)?.textContent ?? '';
/** The text of the elements an input's aria-describedby names. */
const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);

describe('ContactFields', () => {
  it('shows name, email and phone with browser autofill, none required and no checkbox by default', () => {
    setup();
    expect([field(/^Name/), field(/^Email/), field(/^Phone/)].map((input) => input.autocomplete)).toEqual([
      'name',
      'email',
      'tel',
    ]);
    expect(field(/^Email/).type).toBe('email');
    expect(field(/^Phone/).type).toBe('tel');
    for (const label of [/^Name/, /^Email/, /^Phone/]) {
      expect(labelOf(field(label))).not.toContain('*');
      expect(field(label).hasAttribute('required')).toBe(false);
      expect(field(label).hasAttribute('data-autofocus')).toBe(false);
    }
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("marks required fields with an asterisk only, or also with the input's required attribute", () => {
    setup({ required: ['name', 'email'] });
    expect(labelOf(field(/^Name/))).toBe('Name *');
    expect(labelOf(field(/^Email/))).toBe('Email *');
    expect(labelOf(field(/^Phone/))).toBe('Phone');
    expect(field(/^Name/).hasAttribute('required')).toBe(false);
  });

  it('sets the required attribute when asked to', () => {
    setup({ required: ['name', 'email', 'phone'], requiredMark: 'attribute' });
    for (const label of [/^Name/, /^Email/, /^Phone/]) {
      expect(field(label).hasAttribute('required')).toBe(true);
      expect(labelOf(field(label))).toMatch(/\*$/);
    }
  });

  it('turns autofill off and marks the name field for autofocus', () => {
    setup({ autoComplete: 'off', autoFocus: true });
    for (const label of [/^Name/, /^Email/, /^Phone/]) expect(field(label).autocomplete).toBe('off');
    expect(field(/^Name/).getAttribute('data-autofocus')).toBe('true');
    expect(field(/^Email/).hasAttribute('data-autofocus')).toBe(false);
  });

  it('describes fields with their descriptions', () => {
    setup({ descriptions: { email: 'Changing it sends a confirmation link', phone: 'Optional' } });
    expect(describedBy(field(/^Email/))).toEqual(['Changing it sends a confirmation link']);
    expect(describedBy(field(/^Phone/))).toEqual(['Optional']);
    expect(describedBy(field(/^Name/))).toEqual([]);
  });

  it("puts the form's own fields after email and before the checkbox, in reading order", () => {
    const { container } = setup({
      consentLabel: 'Send me updates',
      afterEmail: <input aria-label="Password" />,
      beforeConsent: <input aria-label="Notes" />,
    });
    const order = Array.from(container.querySelectorAll('input')).map(
      (input) => input.getAttribute('aria-label') ?? labelOf(input),
    );
    expect(order).toEqual(['Name', 'Email', 'Password', 'Phone', 'Notes', 'Send me updates']);
  });

  it("edits the form's values and shows its schema's messages on the fields", () => {
    const { onSubmit } = setup({ consentLabel: 'Send me updates' });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(describedBy(field(/^Name/))).toEqual(['Name is required']);
    expect(field(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(field(/^Name/), { target: { value: 'Jamie Rivera' } });
    fireEvent.change(field(/^Email/), { target: { value: 'jamie@example.org' } });
    fireEvent.change(field(/^Phone/), { target: { value: '555-0142' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Send me updates' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Jamie Rivera',
      email: 'jamie@example.org',
      phone: '555-0142',
      emailConsent: true,
    });
  });
});
