import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleChange, sampleMonitor, sampleSnapshot, sampleSnapshotDetail } from '../../../../test/monitoringFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import type { NotificationHistoryItem } from '../monitoring';
import { ActivityFeed } from './ActivityFeed';
import { MonitoringPanel } from './MonitoringPanel';
import { MonitorTable } from './MonitorTable';
import { NotificationHistory } from './NotificationHistory';
import { SnapshotContent } from './SnapshotDialog';

const noop = () => undefined;

describe('SnapshotContent', () => {
  it('shows the excerpt, and the raw content as text with the toggle (never as HTML)', () => {
    const raw = '<b>Bold?</b><script>window.hacked = true</script>\nSecond line';
    const { container } = renderWithProviders(
      <SnapshotContent
        snapshot={sampleSnapshot({ excerpt: 'Welcome back' })}
        detail={sampleSnapshotDetail(raw, { excerpt: 'Welcome back' })}
      />,
    );
    expect(screen.getByLabelText('Excerpt').textContent).toBe('Welcome back');

    fireEvent.click(screen.getByRole('switch', { name: /Show raw content/ }));
    const block = screen.getByLabelText('Raw content');
    expect(block.tagName).toBe('PRE');
    expect(block.textContent).toBe(raw);
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it("shows a failed check's error", () => {
    renderWithProviders(
      <SnapshotContent
        snapshot={sampleSnapshot({ status: 'timeout', errorMessage: 'The page took too long', excerpt: null })}
        detail={undefined}
        loading
      />,
    );
    expect(screen.getByText('The page took too long')).toBeDefined();
    expect(screen.getByText('This snapshot has no excerpt.')).toBeDefined();
  });
});

describe('MonitorTable', () => {
  const monitors = [
    sampleMonitor({ id: 1, name: 'News' }),
    sampleMonitor({ id: 2, name: 'Calendar', status: 'paused', emailNotifications: false }),
  ];

  it("toggles a monitor's email notifications", () => {
    const onToggleEmail = vi.fn();
    renderWithProviders(
      <MonitorTable
        monitors={monitors}
        onRecheck={noop}
        onEdit={noop}
        onTogglePaused={noop}
        onDelete={noop}
        onToggleEmail={onToggleEmail}
      />,
    );
    const news = screen.getByRole('switch', { name: 'Email notifications for News' });
    const calendar = screen.getByRole('switch', { name: 'Email notifications for Calendar' });
    expect((news as HTMLInputElement).checked).toBe(true);
    expect((calendar as HTMLInputElement).checked).toBe(false);
    fireEvent.click(news);
    expect(onToggleEmail).toHaveBeenCalledWith(monitors[0], false);
  });

  it('offers Pause for a running monitor and Resume for a paused one, and each action per monitor', () => {
    const onTogglePaused = vi.fn();
    const onRecheck = vi.fn();
    const onDelete = vi.fn();
    renderWithProviders(
      <MonitorTable
        monitors={monitors}
        onRecheck={onRecheck}
        onEdit={noop}
        onTogglePaused={onTogglePaused}
        onDelete={onDelete}
        onToggleEmail={noop}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Pause News' }));
    fireEvent.click(screen.getByRole('button', { name: 'Resume Calendar' }));
    expect(onTogglePaused.mock.calls.map(([m]) => (m as { name: string }).name)).toEqual(['News', 'Calendar']);
    fireEvent.click(screen.getByRole('button', { name: 'Recheck Calendar' }));
    expect(onRecheck).toHaveBeenCalledWith(monitors[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete News' }));
    expect(onDelete).toHaveBeenCalledWith(monitors[0]);
  });

  it("disables a monitor's controls while it is being updated", () => {
    renderWithProviders(
      <MonitorTable
        monitors={monitors}
        onRecheck={noop}
        onEdit={noop}
        onTogglePaused={noop}
        onDelete={noop}
        onToggleEmail={noop}
        updatingId={1}
      />,
    );
    expect(screen.getByRole('switch', { name: 'Email notifications for News' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete News' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Delete Calendar' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('ActivityFeed', () => {
  it('lists each check, marking the ones that found a change', () => {
    renderWithProviders(
      <ActivityFeed
        items={[
          {
            id: 2,
            monitorName: 'News',
            action: 'change_detected',
            status: 'success',
            message: 'News: 1 line added',
            timestamp: new Date(),
            elementsFound: 1,
          },
          {
            id: 1,
            monitorName: 'News',
            action: 'check',
            status: 'success',
            message: 'No change',
            timestamp: new Date(),
            elementsFound: 3,
          },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Recent checks' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Change detected')).toBeDefined();
    expect(within(items[1] as HTMLElement).queryByText('Change detected')).toBeNull();
    expect(within(items[1] as HTMLElement).getByText(/3 elements found/)).toBeDefined();
  });
});

describe('NotificationHistory', () => {
  it('shows the monitor, change, channel, status, and the last error of a failed one', () => {
    const change = sampleChange({ summary: 'News: 1 line added' });
    const base: NotificationHistoryItem = {
      id: 1,
      changeId: change.id,
      channel: 'email',
      status: 'sent',
      attempts: 1,
      lastError: null,
      sentAt: new Date(),
      createdAt: new Date(),
      nextAttemptAt: null,
      claimedAt: null,
      change: { ...change, monitor: { id: 1, name: 'District news' } },
    };
    renderWithProviders(
      <NotificationHistory
        notifications={[
          base,
          { ...base, id: 2, channel: 'facebook', status: 'failed', sentAt: null, lastError: 'Facebook is not set up' },
        ]}
      />,
    );
    const rows = within(screen.getByRole('table', { name: 'Notification history' })).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('District news');
    expect(rows[1]?.textContent).toContain('News: 1 line added');
    expect(rows[1]?.textContent).toContain('Email');
    expect(rows[1]?.textContent).toContain('sent');
    expect(rows[2]?.textContent).toContain('Facebook is not set up');
    expect(rows[2]?.textContent).toContain('Not sent');
  });
});

describe('MonitoringPanel', () => {
  it('shows its sections and says so when the server cannot be reached', async () => {
    renderWithProviders(<MonitoringPanel />);
    expect(screen.getByRole('button', { name: 'Add Monitor' })).toBeDefined();
    for (const region of [
      'System Health',
      'Activity Feed',
      'Monitors',
      'Recent Changes',
      'Snapshots',
      'Notification History',
    ]) {
      expect(screen.getByRole('region', { name: region })).toBeDefined();
    }
    expect(await screen.findByText('Could not load the activity feed')).toBeDefined();
    expect(await screen.findByText('Could not load the snapshots')).toBeDefined();
  });

  it("opens the 'Add Monitor' form", async () => {
    renderWithProviders(<MonitoringPanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Monitor' });
    expect(within(dialog).getByLabelText(/^CSS Selectors/)).toBeDefined();
  });
});
