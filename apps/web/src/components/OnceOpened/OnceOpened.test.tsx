import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OnceOpened } from './OnceOpened';

describe('OnceOpened', () => {
  it('renders nothing until first opened, then the dialog closed and at once open, and stays for the closing', () => {
    const seen: boolean[] = [];
    const dialog = (open: boolean) => (
      <OnceOpened open={open}>
        {(opened) => {
          seen.push(opened);
          return <p>{opened ? 'Open dialog' : 'Closed dialog'}</p>;
        }}
      </OnceOpened>
    );
    const { rerender } = render(dialog(false));
    expect(screen.queryByText(/dialog/)).toBeNull();
    expect(seen).toEqual([]);
    rerender(dialog(true));
    // Mounted closed, then opened in the render after (so that the Modal notes where the focus was).
    expect(seen.slice(0, 2)).toEqual([false, true]);
    expect(screen.getByText('Open dialog')).toBeDefined();
    rerender(dialog(false));
    expect(screen.getByText('Closed dialog')).toBeDefined();
  });
});
