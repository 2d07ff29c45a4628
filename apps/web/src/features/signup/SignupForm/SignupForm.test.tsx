import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { SignupForm } from './SignupForm';

function setup(prefill?: Parameters<typeof SignupForm>[0]['prefill']) {
  const onSubmit = vi.fn();
  const onCancel = vi.fn();
  renderWithProviders(<SignupForm slotId={5} prefill={prefill} onSubmit={onSubmit} onCancel={onCancel} />);
  return { onSubmit, onCancel };
}

const field = (label: RegExp) => screen.getByLabelText(label);
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

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
    fireEvent.change(field(/^Email/), { target: { value: 'jamie' } });
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    submit();
    expect(screen.getByText('Please enter a valid email address')).toBeDefined();
    fireEvent.change(field(/^Name/), { target: { value: 'Jamie Rivera' } });
    expect(screen.queryByText('Name is required')).toBeNull();
    fireEvent.change(field(/^Email/), { target: { value: 'jamie@example.org' } });
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    fireEvent.change(field(/^Email/), { target: { value: '' } });
    expect(screen.getByText('Email is required')).toBeDefined();
  });

  it('submits the parsed values with the slot id', () => {
    const { onSubmit } = setup();
    fireEvent.change(field(/^Name/), { target: { value: '  Jamie Rivera ' } });
    fireEvent.change(field(/^Email/), { target: { value: 'Jamie@Example.ORG' } });
    fireEvent.change(field(/^Phone/), { target: { value: '555-0142' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /reminders/i }));
    submit();
    expect(onSubmit).toHaveBeenCalledWith({
      slotId: 5,
      name: 'Jamie Rivera',
      email: 'jamie@example.org',
      phone: '555-0142',
      notes: null,
      emailConsent: true,
    });
  });

  it("prefills a signed-in user's details", () => {
    setup({ name: 'Pat Parent', email: 'pat@example.org', phone: null });
    expect((field(/^Name/) as HTMLInputElement).value).toBe('Pat Parent');
    expect((field(/^Email/) as HTMLInputElement).value).toBe('pat@example.org');
    expect((field(/^Phone/) as HTMLInputElement).value).toBe('');
  });

  it('calls onCancel from Cancel', () => {
    const { onCancel } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
