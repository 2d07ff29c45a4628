import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import CancelSignupPage from './CancelSignup.page';
import UnsubscribePage from './Unsubscribe.page';

function renderAt(route: string) {
  renderWithProviders(
    <Routes>
      <Route path="/cancel-signup/:id" element={<CancelSignupPage />} />
      <Route path="/unsubscribe/:id" element={<UnsubscribePage />} />
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

  it("offer 'Stop reminder emails' for an unsubscribe link", () => {
    renderAt('/unsubscribe/4?token=abcdefghijklmnop');
    expect(screen.getByRole('button', { name: 'Stop reminder emails' })).toBeDefined();
  });
});
