import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { VerifyEmailNotice } from './VerifyEmailNotice';

describe('VerifyEmailNotice', () => {
  it('asks to confirm the address, says why, and offers to resend the link', () => {
    renderWithProviders(<VerifyEmailNotice email="pat@example.org" />);
    const notice = screen.getByRole('region', { name: 'Please confirm your email address' });
    expect(within(notice).getByText(/pat@example\.org/)).toBeDefined();
    expect(within(notice).getByText(/without an account join your account/)).toBeDefined();
    expect(within(notice).getByRole('button', { name: 'Resend confirmation email' })).toBeDefined();
  });

  it('shows the outcome of a resend beside the button (here: no server)', async () => {
    renderWithProviders(<VerifyEmailNotice email="pat@example.org" />);
    fireEvent.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('The email could not be sent. Please try again.')).toBeDefined();
  });
});
