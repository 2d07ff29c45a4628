import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FormActions } from './FormActions';

describe('FormActions', () => {
  it('resets the form, then closes it, on Cancel', () => {
    const calls: string[] = [];
    renderWithProviders(
      <FormActions submitLabel="Create Sheet" reset={() => calls.push('reset')} onCancel={() => calls.push('close')} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(calls).toEqual(['reset', 'close']);
  });

  it('shows the pending label and blocks both buttons while submitting', () => {
    renderWithProviders(
      <FormActions
        submitLabel="Create Sheet"
        pendingLabel="Creating..."
        submitting
        reset={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const submit = screen.getByRole('button', { name: 'Creating...' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
  });
});
