import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { Header } from '../../../components/Header';
import { ForgotPasswordForm } from './ForgotPasswordForm';

/** The field's error text, found through the input's aria-describedby (so it is on that field). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element?.id.endsWith('-error')) return element.textContent;
  }
  return null;
}

describe('ForgotPasswordForm', () => {
  it('starts from the typed address, takes the focus, and sends it trimmed and lower-cased', () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <ForgotPasswordForm initialEmail="Pat@Example.org" onSubmit={onSubmit} onBack={vi.fn()} submitting={false} />,
    );
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeDefined();
    const email = screen.getByLabelText<HTMLInputElement>(/^Email/);
    expect(email.value).toBe('Pat@Example.org');
    expect(document.activeElement).toBe(email);
    fireEvent.change(email, { target: { value: '  Pat@Example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'pat@example.org' });
  });

  it("refuses an address that is not one with the schema's message, on the Email field", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ForgotPasswordForm onSubmit={onSubmit} onBack={vi.fn()} submitting={false} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(errorOf(screen.getByLabelText(/^Email/))).toBe('Please enter a valid email address');
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'pat@' } });
    expect(errorOf(screen.getByLabelText(/^Email/))).toBe('Please enter a valid email address');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's answer in an alert once a link was asked for", () => {
    renderWithProviders(
      <ForgotPasswordForm onSubmit={vi.fn()} onBack={vi.fn()} submitting={false} sentMessage="We sent you a link" />,
    );
    expect(within(screen.getByRole('alert')).getByText('We sent you a link')).toBeDefined();
  });

  it("goes 'Back to login' with what is in the Email field", () => {
    const onBack = vi.fn();
    renderWithProviders(<ForgotPasswordForm onSubmit={vi.fn()} onBack={onBack} submitting={false} />);
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'pat@example.org ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Back to login' }));
    expect(onBack).toHaveBeenCalledWith('pat@example.org');
  });
});

describe("'Forgot password?' in the login dialog", () => {
  it('swaps the login form for the reset form, carrying the address and moving the focus, and back', async () => {
    renderWithProviders(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to PAC Hub' });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'pat@example.org' } });

    const forgot = within(dialog).getByRole('button', { name: 'Forgot password?' });
    expect(forgot.tagName).toBe('BUTTON');
    fireEvent.click(forgot);
    const email = within(dialog).getByLabelText<HTMLInputElement>(/^Email/);
    expect(within(dialog).getByRole('heading', { name: 'Reset your password' })).toBeDefined();
    expect(email.value).toBe('pat@example.org');
    await waitFor(() => expect(document.activeElement).toBe(email));
    expect(within(dialog).queryByLabelText(/^Password/)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to login' }));
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Email/).value).toBe('pat@example.org');
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Forgot password?' })),
    );
  });

  it('says so in a toast when the request cannot be sent (no server here)', async () => {
    renderWithProviders(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to PAC Hub' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Forgot password?' }));
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'pat@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Request Failed')).toBeDefined();
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });
});
