import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { ResetPasswordForm } from './ResetPasswordForm';

const token = 'abcdefghijklmnopqrstuvwxyz';

/** The field's error text, found through the input's aria-describedby (so it is on that field). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element?.id.endsWith('-error')) return element.textContent;
  }
  return null;
}

const newPassword = () => screen.getByLabelText(/^New password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm new password/);

function fill(next: string, confirm: string) {
  fireEvent.change(newPassword(), { target: { value: next } });
  fireEvent.change(confirmPassword(), { target: { value: confirm } });
}

describe('ResetPasswordForm', () => {
  it("shows the change-password rules' messages for an empty form and submits nothing", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ResetPasswordForm token={token} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(errorOf(newPassword())).toBe('New password must be at least 6 characters');
    expect(errorOf(confirmPassword())).toBe('Please confirm your new password');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a password shorter than 6 characters', () => {
    renderWithProviders(<ResetPasswordForm token={token} onSubmit={vi.fn()} />);
    fill('abc12', 'abc12');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(errorOf(newPassword())).toBe('New password must be at least 6 characters');
    expect(errorOf(confirmPassword())).toBeNull();
  });

  it('shows "New passwords don\'t match" on the confirm field, and clears it once they do', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ResetPasswordForm token={token} onSubmit={onSubmit} />);
    fill('new-secret', 'new-secreT');
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(errorOf(confirmPassword())).toBe("New passwords don't match");
    expect(errorOf(newPassword())).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(confirmPassword(), { target: { value: 'new-secret' } });
    expect(errorOf(confirmPassword())).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(onSubmit).toHaveBeenCalledWith({ token, newPassword: 'new-secret', confirmPassword: 'new-secret' });
  });

  it("gives each visibility toggle a name that is not the field's", () => {
    renderWithProviders(<ResetPasswordForm token={token} onSubmit={vi.fn()} />);
    expect(screen.getAllByRole('button', { name: 'Show or hide what you typed' })).toHaveLength(2);
  });
});
