import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import CancelSignupPage from './CancelSignup.page';
import ResetPasswordPage from './ResetPassword.page';
import UnsubscribePage from './Unsubscribe.page';
import VerifyEmailPage from './VerifyEmail.page';

function renderAt(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/cancel-signup/:id" element={<CancelSignupPage />} />
      <Route path="/unsubscribe/:id" element={<UnsubscribePage />} />
      <Route path="/verify-email" element={<VerifyEmailPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
    </Routes>,
    { route },
  );
}

describe('pages opened from email links', () => {
  it("say 'This link is not valid' without a token", () => {
    renderAt('/cancel-signup/4');
    expect(screen.getByRole('heading', { name: 'This link is not valid' })).toBeDefined();
  });

  it('say so too when the signup cannot be found for the link', async () => {
    renderAt('/cancel-signup/4?token=abcdefghijklmnop');
    expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeDefined();
  });

  it("offer 'Stop reminder emails' for an unsubscribe link once it has asked whether they are on", async () => {
    renderAt('/unsubscribe/4?token=abcdefghijklmnop');
    expect(screen.getByLabelText('Loading')).toBeDefined();
    expect(await screen.findByRole('button', { name: 'Stop reminder emails' })).toBeDefined();
  });

  it.each(['/verify-email', '/reset-password', '/reset-password?token=short'])(
    "say 'This link is invalid or has expired' at %s",
    (route) => {
      renderAt(route);
      expect(screen.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeDefined();
    },
  );

  it('offer a new reset link from a bad reset link', () => {
    renderAt('/reset-password');
    expect(screen.getByRole('button', { name: 'Send me a new link' })).toBeDefined();
  });

  it('offer the new-password form for a reset link', () => {
    renderAt('/reset-password?token=abcdefghijklmnop');
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reset password' })).toBeDefined();
  });

  it('confirm an email address on load, showing a loader meanwhile', () => {
    renderAt('/verify-email?token=abcdefghijklmnop');
    expect(screen.getByLabelText('Confirming your email address')).toBeDefined();
  });
});
