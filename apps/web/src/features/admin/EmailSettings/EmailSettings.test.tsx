import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { AdminEmailForm, SenderForm } from './EmailForms';
import { EmailSettings } from './EmailSettings';

const input = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

describe('AdminEmailForm', () => {
  it("refuses an address that is not one with 'Please enter a valid email address'", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<AdminEmailForm initialEmail={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(input(/^Default email recipient/).name).toBe('adminEmail');
    fireEvent.change(input(/^Default email recipient/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Please enter a valid email address')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('saves a valid address, trimmed and lower-cased', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<AdminEmailForm initialEmail="old@example.org" onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(input(/^Default email recipient/).value).toBe('old@example.org');
    fireEvent.change(input(/^Default email recipient/), { target: { value: ' Chair@Example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith({ adminEmail: 'chair@example.org' });
  });
});

describe('SenderForm', () => {
  it('masks the app password, never prefills it, and requires it', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SenderForm initialEmail="pac@gmail.com" onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(input(/^Gmail address/).value).toBe('pac@gmail.com');
    const password = input(/^App password/);
    expect(password.type).toBe('password');
    expect(password.value).toBe('');
    expect(screen.getByText(/16-character app password/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(screen.getByText('App password is required')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps the normal dimmed placeholder on a field with an error (not a red one that reads as a value)', () => {
    renderWithProviders(<SenderForm initialEmail={null} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save Configuration' }));
    const email = input(/^Gmail address/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.placeholder).toBe('yourpac@gmail.com');
    // Mantine paints an errored field's placeholder with the error colour through this variable.
    expect(email.style.getPropertyValue('--input-placeholder-color')).toBe('var(--mantine-color-placeholder)');
  });

  it('hands over the address and the password without its spaces', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<SenderForm initialEmail={null} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(input(/^Gmail address/), { target: { value: 'pac@gmail.com' } });
    fireEvent.change(input(/^App password/), { target: { value: 'abcd efgh ijkl mnop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Configuration' }));
    expect(onSubmit).toHaveBeenCalledWith({ senderEmail: 'pac@gmail.com', senderPassword: 'abcdefghijklmnop' });
  });
});

describe('EmailSettings', () => {
  it('lists the active notification types and the future enhancements, and leads to the monitors', () => {
    const onOpenMonitoring = vi.fn();
    renderWithProviders(<EmailSettings onOpenMonitoring={onOpenMonitoring} />);
    const types = screen.getByRole('region', { name: 'Notification Types' });
    expect(within(types).getAllByText('Active')).toHaveLength(3);
    expect(within(types).getByText('School website changes')).toBeDefined();
    expect(within(types).getByText('Volunteer confirmations')).toBeDefined();
    expect(within(types).getByText('Volunteer reminders')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Per-monitor email settings' }));
    expect(onOpenMonitoring).toHaveBeenCalledOnce();
    expect(screen.getByText('Custom email templates')).toBeDefined();
    expect(screen.getByText(/A square 1080x1080 image is recommended/)).toBeDefined();
  });

  it('opens the default recipient form with Edit, and Cancel closes it', () => {
    renderWithProviders(<EmailSettings onOpenMonitoring={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(input(/^Default email recipient/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText(/^Default email recipient/)).toBeNull();
  });
});
