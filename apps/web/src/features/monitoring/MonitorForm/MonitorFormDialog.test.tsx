import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeTrpcError, fakeTrpc } from '../../../../test/fakeTrpc';
import { sampleMonitor } from '../../../../test/monitoringFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { MonitorFormDialog } from './MonitorFormDialog';

const admin = { id: 1, name: 'Ada Admin', isAdmin: true };

function fillNewMonitor(dialog: HTMLElement, url: string) {
  const change = (label: RegExp, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  change(/^Name/, 'District news');
  change(/^URL/, url);
  change(/^CSS Selectors/, 'main');
  change(/^Check every/, '30');
}

describe('MonitorFormDialog', () => {
  it('adds a monitor, closes and says when it will be checked', async () => {
    const server = fakeTrpc({ 'monitors.create': (input) => sampleMonitor(input as object) });
    const onClose = vi.fn();
    renderWithProviders(<MonitorFormDialog opened onClose={onClose} />, { user: admin, fetch: server.fetch });
    const dialog = screen.getByRole('dialog', { name: 'Add Monitor' });
    fillNewMonitor(dialog, 'https://www.example-district.org/news');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Monitor' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(server.calls.find((call) => call.path === 'monitors.create')?.input).toMatchObject({
      name: 'District news',
      selectors: ['main'],
      scheduleMinutes: 30,
    });
    expect(await screen.findByText('Monitor Added')).toBeDefined();
    expect(screen.getByText('District news will be checked every 30 minutes.')).toBeDefined();
  });

  it("shows the server's domain refusal on the URL field and stays open", async () => {
    const domainMessage = 'URL must be from an approved school domain (*.example-district.org)';
    const server = fakeTrpc({
      'monitors.create': () => {
        throw new FakeTrpcError('BAD_REQUEST', domainMessage, { reason: 'urlNotApproved', field: 'url' });
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<MonitorFormDialog opened onClose={onClose} />, { user: admin, fetch: server.fetch });
    const dialog = screen.getByRole('dialog', { name: 'Add Monitor' });
    fillNewMonitor(dialog, 'https://www.elsewhere.org/');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Monitor' }));
    const message = await within(dialog).findByText(domainMessage);
    expect(within(dialog).getByLabelText(/^URL/).getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.queryByText('Creation Failed')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("toasts any other refusal with the server's sentence", async () => {
    const server = fakeTrpc({
      'monitors.update': () => {
        throw new FakeTrpcError('FORBIDDEN', 'Administrator access required');
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<MonitorFormDialog opened monitor={sampleMonitor({ id: 4 })} onClose={onClose} />, {
      user: admin,
      fetch: server.fetch,
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Monitor' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Update Failed')).toBeDefined();
    expect(screen.getByText('Administrator access required')).toBeDefined();
    expect(server.calls.find((call) => call.path === 'monitors.update')?.input).toMatchObject({ id: 4 });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves an edited monitor and says so', async () => {
    const server = fakeTrpc({ 'monitors.update': (input) => sampleMonitor(input as object) });
    const onClose = vi.fn();
    renderWithProviders(<MonitorFormDialog opened monitor={sampleMonitor({ id: 4 })} onClose={onClose} />, {
      user: admin,
      fetch: server.fetch,
    });
    const dialog = screen.getByRole('dialog', { name: 'Edit Monitor' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Board minutes' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(await screen.findByText('Monitor Updated')).toBeDefined();
    expect(screen.getByText('Board minutes was saved.')).toBeDefined();
  });
});
