import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleChange, sampleMonitor } from '../../../../test/monitoringFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { MonitoringCard, MonitoringCardView, setupButtonLabel } from './MonitoringCard';

const count = (label: string) => screen.getByRole('group', { name: label });
const noop = () => undefined;

describe('MonitoringCard', () => {
  it("counts the active monitors (not a paused one, nor one in error), the recent changes and the running ones ('Running')", () => {
    renderWithProviders(
      <MonitoringCardView
        monitors={[
          sampleMonitor({ id: 1, name: 'News' }),
          sampleMonitor({ id: 2, name: 'Calendar', status: 'paused' }),
          sampleMonitor({ id: 3, name: 'Home', status: 'error' }),
        ]}
        changes={[sampleChange({ id: 1 }), sampleChange({ id: 2 })]}
        onCheckAll={noop}
        onSetup={noop}
      />,
    );
    expect(within(count('Active Monitors')).getByText('1')).toBeDefined();
    expect(within(count('Recent Changes')).getByText('2')).toBeDefined();
    expect(within(count('Running')).getByText('1')).toBeDefined();
  });

  it('lists each monitor with its url, a coloured status dot and the status text', () => {
    renderWithProviders(
      <MonitoringCardView
        monitors={[
          sampleMonitor({ id: 1, name: 'News' }),
          sampleMonitor({ id: 2, name: 'Calendar', status: 'paused' }),
          sampleMonitor({ id: 3, name: 'Home', status: 'error' }),
        ]}
        changes={[]}
        onCheckAll={noop}
        onSetup={noop}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Monitors' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const colours = items.map((item) => item.querySelector('[data-status-color]')?.getAttribute('data-status-color'));
    expect(colours).toEqual(['green', 'yellow', 'red']);
    expect(within(items[1] as HTMLElement).getByText('Paused')).toBeDefined();
    expect(within(items[2] as HTMLElement).getByText('Error')).toBeDefined();
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('https://www.example-district.org/news');
  });

  it("shows the first 5 changes under 'Recent Changes Detected' with their severity", () => {
    const changes = [1, 2, 3, 4, 5, 6].map((id) =>
      sampleChange({ id, summary: `Change ${id}`, severity: id === 1 ? 'high' : 'low' }),
    );
    renderWithProviders(
      <MonitoringCardView monitors={[sampleMonitor()]} changes={changes} onCheckAll={noop} onSetup={noop} />,
    );
    const section = screen.getByRole('region', { name: 'Recent Changes Detected' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(5);
    expect(within(section).queryByText('Change 6')).toBeNull();
    const first = within(section).getAllByRole('listitem')[0];
    expect(first?.textContent).toContain('Severity: high');
    expect(first?.querySelector('.mantine-Badge-root')?.getAttribute('style')).toContain('red');
  });

  it("shows 'No Monitors Setup' with the setup button when there are none", () => {
    const onSetup = vi.fn();
    renderWithProviders(<MonitoringCardView monitors={[]} changes={[]} onCheckAll={noop} onSetup={onSetup} />);
    expect(screen.getByRole('heading', { name: 'No Monitors Setup' })).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: setupButtonLabel }));
    expect(onSetup).toHaveBeenCalledOnce();
  });

  it("says 'Checking...' and 'Setting up...' while those are under way", () => {
    renderWithProviders(
      <MonitoringCardView monitors={[]} changes={[]} onCheckAll={noop} onSetup={noop} checking settingUp />,
    );
    expect(screen.getByRole('button', { name: 'Checking...' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Setting up...' }).hasAttribute('disabled')).toBe(true);
  });

  it('says so when the monitors cannot be loaded', async () => {
    renderWithProviders(<MonitoringCard />);
    expect(await screen.findByText('Could not load the monitors')).toBeDefined();
  });
});
