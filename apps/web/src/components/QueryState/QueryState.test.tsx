import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CenteredLoader, LoadingRows, QueryState, type QueryStatus } from './QueryState';

function renderState(query: QueryStatus<string[]>, extra: { empty?: boolean; onRetry?: () => void } = {}) {
  return renderWithProviders(
    <QueryState
      query={query}
      loading={<LoadingRows rows={2} height={40} label="Loading names" />}
      failed="Could not load the names"
      onRetry={extra.onRetry}
      empty={extra.empty ? <p>No names yet.</p> : undefined}
    >
      {(names) => (
        <ul>
          {names.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

describe('QueryState', () => {
  it('shows the loading state, marked busy, while the query loads', () => {
    renderState({ isPending: true, isError: false, data: undefined });
    expect(screen.getByLabelText('Loading names').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a red alert asking to refresh when the query failed', () => {
    renderState({ isPending: false, isError: true, data: undefined });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Could not load the names');
    expect(alert.textContent).toContain('Please refresh the page or try again later.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('treats settled data that is missing as a failure', () => {
    renderState({ isPending: false, isError: false, data: undefined });
    expect(screen.getByRole('alert').textContent).toContain('Could not load the names');
  });

  it('offers Try again when given a retry', () => {
    const retry = vi.fn();
    renderState({ isPending: false, isError: true, data: undefined }, { onRetry: retry });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('shows the empty state for an empty list, and the content otherwise', () => {
    const { unmount } = renderState({ isPending: false, isError: false, data: [] }, { empty: true });
    expect(screen.getByText('No names yet.')).toBeTruthy();
    unmount();
    renderState({ isPending: false, isError: false, data: ['Ada', 'Grace'] }, { empty: true });
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Ada', 'Grace']);
  });

  it('shows an empty text as a dimmed sentence', () => {
    renderWithProviders(
      <QueryState
        query={{ isPending: false, isError: false, data: [] }}
        loading={null}
        failed="Could not load the names"
        emptyText="No names yet."
      >
        {() => <p>content</p>}
      </QueryState>,
    );
    expect(screen.getByText('No names yet.')).toBeTruthy();
    expect(screen.queryByText('content')).toBeNull();
  });

  it('shows an empty list as content when no empty state is given', () => {
    renderState({ isPending: false, isError: false, data: [] });
    expect(screen.getByRole('list').children).toHaveLength(0);
  });
});

describe('CenteredLoader', () => {
  it('is a busy region with a named spinner', () => {
    renderWithProviders(<CenteredLoader label="Loading roster" />);
    expect(screen.getByLabelText('Loading roster')).toBeTruthy();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
  });
});
