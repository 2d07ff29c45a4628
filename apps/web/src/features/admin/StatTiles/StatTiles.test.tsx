import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { StatTiles, StatTilesView } from './StatTiles';

const tile = (label: string) => screen.getByRole('group', { name: label });

describe('StatTiles', () => {
  it('shows the four figures, the fill rate as a percentage', () => {
    renderWithProviders(
      <StatTilesView stats={{ activeSignups: 3, totalVolunteers: 41, monthlyHours: 12.5, fillRate: 67 }} />,
    );
    expect(within(tile('Active Signups')).getByText('3')).toBeDefined();
    expect(within(tile('Total Volunteers')).getByText('41')).toBeDefined();
    expect(within(tile('Hours This Month')).getByText('12.5')).toBeDefined();
    expect(within(tile('Fill Rate')).getByText('67%')).toBeDefined();
  });

  it('shows 0 for a missing figure', () => {
    renderWithProviders(<StatTilesView stats={{ activeSignups: 2 }} />);
    expect(within(tile('Total Volunteers')).getByText('0')).toBeDefined();
    expect(within(tile('Hours This Month')).getByText('0')).toBeDefined();
    expect(within(tile('Fill Rate')).getByText('0%')).toBeDefined();
  });

  it('shows skeletons instead of figures while loading', () => {
    renderWithProviders(<StatTilesView loading />);
    expect(within(tile('Fill Rate')).queryByText('0%')).toBeNull();
  });

  it('falls back to 0 when the figures cannot be loaded', async () => {
    renderWithProviders(<StatTiles />);
    expect(await within(tile('Fill Rate')).findByText('0%')).toBeDefined();
    expect(within(tile('Active Signups')).getByText('0')).toBeDefined();
  });
});
