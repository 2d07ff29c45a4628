import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { Header } from '../../../components/Header';
import { AccountSettingsForm } from './AccountSettingsForm';
import { ChangePasswordForm } from './ChangePasswordForm';

/** The field's error text, found through the input's aria-describedby (so it is on that field). */
function errorOf(input: HTMLElement): string | null {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  for (const id of ids) {
    const element = document.getElementById(id);
    if (element?.id.endsWith('-error')) return element.textContent;
  }
  return null;
}

function fillPasswords(current: string, next: string, confirm: string) {
  fireEvent.change(screen.getByLabelText(/^Current Password/), { target: { value: current } });
  fireEvent.change(screen.getByLabelText(/^New Password/), { target: { value: next } });
  fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: confirm } });
}

describe('ChangePasswordForm', () => {
  it('shows "New passwords don\'t match" on the confirm field and submits nothing', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ChangePasswordForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fillPasswords('old-secret', 'new-secret', 'new-secreT');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));

    const confirm = screen.getByLabelText(/^Confirm New Password/);
    expect(errorOf(confirm)).toBe("New passwords don't match");
    expect(errorOf(screen.getByLabelText(/^New Password/))).toBeNull();
    expect(errorOf(screen.getByLabelText(/^Current Password/))).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows SPEC.md's messages for an empty form", () => {
    renderWithProviders(<ChangePasswordForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(errorOf(screen.getByLabelText(/^Current Password/))).toBe('Current password is required');
    expect(errorOf(screen.getByLabelText(/^New Password/))).toBe('New password must be at least 6 characters');
    expect(errorOf(screen.getByLabelText(/^Confirm New Password/))).toBe('Please confirm your new password');
  });

  it('refuses a new password equal to the current one', () => {
    renderWithProviders(<ChangePasswordForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    fillPasswords('same-secret', 'same-secret', 'same-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(errorOf(screen.getByLabelText(/^New Password/))).toBe(
      'New password must be different from current password',
    );
  });

  it('re-validates on change after a submit, and submits a valid change', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<ChangePasswordForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fillPasswords('old-secret', 'new-secret', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    fireEvent.change(screen.getByLabelText(/^Confirm New Password/), { target: { value: 'new-secret' } });
    expect(screen.queryByText("New passwords don't match")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(onSubmit).toHaveBeenCalledWith({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
  });
});

describe('AccountSettingsForm', () => {
  const account = { name: 'Pat Parent', email: 'pat@example.org', phone: null, emailConsent: true };

  it('starts from the account and sends the trimmed values', () => {
    const onSubmit = vi.fn();
    renderWithProviders(<AccountSettingsForm account={account} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Pat Parent');
    expect(screen.getByLabelText<HTMLInputElement>(/^Email/).value).toBe('pat@example.org');
    expect(screen.getByLabelText<HTMLInputElement>(/^Phone/).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('checkbox').checked).toBe(true);

    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: '  Pat Q. Parent ' } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: '555-0101' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Pat Q. Parent',
      email: 'pat@example.org',
      phone: '555-0101',
      emailConsent: true,
    });
  });

  it("requires a name and a valid email with SPEC.md's messages", () => {
    const onSubmit = vi.fn();
    renderWithProviders(<AccountSettingsForm account={account} onSubmit={onSubmit} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'pat' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(errorOf(screen.getByLabelText(/^Name/))).toBe('Name is required');
    expect(errorOf(screen.getByLabelText(/^Email/))).toBe('Please enter a valid email address');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('account dialogs from the user menu', () => {
  const user = { id: 3, name: 'Pat Parent', isAdmin: false };

  it('opens Change Password in a dialog, and Cancel closes it', async () => {
    renderWithProviders(<Header />, { user });
    // The menu loads on demand; its button (unlike the placeholder) says whether it is open.
    fireEvent.click(await screen.findByRole('button', { name: /Pat Parent/, expanded: false }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Change Password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Password' });
    expect(within(dialog).getByLabelText(/^Current Password/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens Account Settings in a dialog', async () => {
    renderWithProviders(<Header />, { user });
    // The menu loads on demand; its button (unlike the placeholder) says whether it is open.
    fireEvent.click(await screen.findByRole('button', { name: /Pat Parent/, expanded: false }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Account Settings' }));
    // Without a server there is no account to prefill from.
    const dialog = await screen.findByRole('dialog', { name: 'Account Settings' });
    expect(await within(dialog).findByText('Please sign in again to change your account.')).toBeDefined();
  });

  it('links My Profile to the profile page', async () => {
    renderWithProviders(<Header />, { user });
    // The menu loads on demand; its button (unlike the placeholder) says whether it is open.
    fireEvent.click(await screen.findByRole('button', { name: /Pat Parent/, expanded: false }));
    expect(screen.getByRole('menuitem', { name: 'My Profile' }).getAttribute('href')).toBe('/profile/3');
  });
});
