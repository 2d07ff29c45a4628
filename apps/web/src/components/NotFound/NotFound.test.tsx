import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { NotFound } from './NotFound';

describe('NotFound', () => {
  it('shows the red icon, the 404 heading and the hint', () => {
    renderWithProviders(<NotFound />);
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeDefined();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeDefined();
    expect(screen.getByTestId('not-found-icon').querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });
});
