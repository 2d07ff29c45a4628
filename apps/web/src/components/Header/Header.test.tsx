import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { Header } from './Header';

describe('Header', () => {
  it('links Home and Admin', () => {
    renderWithProviders(<Header />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
  });

  it('opens the login dialog with Login and Sign Up tabs when signed out', async () => {
    renderWithProviders(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('tab', { name: 'Login' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: 'Sign Up' })).toBeDefined();
    expect(within(dialog).getByLabelText(/^Email/)).toBeDefined();
    expect(within(dialog).getByLabelText(/^Password/)).toBeDefined();
  });

  it('validates the login form with the shared schema', async () => {
    renderWithProviders(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'jane' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));
    expect(within(dialog).getByText('Please enter a valid email address')).toBeDefined();
    expect(within(dialog).getByText('Password is required')).toBeDefined();
  });

  it("refuses a short password on Sign Up with 'Password must be at least 6 characters'", async () => {
    renderWithProviders(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Sign Up' }));
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Jane Doe' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'jane@example.org' } });
    fireEvent.change(within(dialog).getByLabelText(/^Password/), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeDefined();
    // Phone is optional.
    expect(within(dialog).queryByText(/phone/i, { selector: '.mantine-InputWrapper-error' })).toBeNull();
  });

  it('closes the dialog with Cancel and starts over the next time', async () => {
    renderWithProviders(<Header />);
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'typed@example.org' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Email/).value).toBe('');
  });

  it("shows the signed-in user's menu instead of Login", async () => {
    renderWithProviders(<Header />, { user: { id: 3, name: 'Pat Parent', isAdmin: false } });
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    // The menu loads on demand; its button (unlike the placeholder) says whether it is open.
    fireEvent.click(await screen.findByRole('button', { name: /Pat Parent/, expanded: false }));
    expect(screen.getByRole('menuitem', { name: 'Account Settings' })).toBeDefined();
    expect(screen.getByRole('menuitem', { name: 'Change Password' })).toBeDefined();
    expect(screen.getByRole('menuitem', { name: 'Logout' })).toBeDefined();
  });
});
