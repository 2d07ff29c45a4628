import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { SelectionBar } from './SelectionBar';

describe('SelectionBar', () => {
  it('shows nothing but an empty live region while no slot is ticked', () => {
    renderWithProviders(<SelectionBar count={0} limit={null} onContinue={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it("says '1 slot selected' and opens the form from Continue", () => {
    const onContinue = vi.fn();
    renderWithProviders(<SelectionBar count={1} limit={null} onContinue={onContinue} />);
    const bar = screen.getByRole('region', { name: 'Selected slots' });
    expect(bar.textContent).toContain('1 slot selected');
    expect(screen.getByRole('status').textContent).toBe('1 slot selected');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalledOnce();
  });

  it("says '3 slots selected', and the sheet's limit once reached", () => {
    renderWithProviders(
      <SelectionBar count={3} limit="You can sign up for at most 3 slots on this sheet" onContinue={vi.fn()} />,
    );
    const bar = screen.getByRole('region', { name: 'Selected slots' });
    expect(bar.textContent).toContain('3 slots selected');
    expect(bar.textContent).toContain('You can sign up for at most 3 slots on this sheet');
    expect(screen.getByRole('status').textContent).toBe(
      '3 slots selected. You can sign up for at most 3 slots on this sheet',
    );
  });
});
