import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeTrpcError, fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { People } from './People';

const admin = { id: 1, name: 'Ada Admin', isAdmin: true };

function person(id: number, name: string, role: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.org`,
    role,
    emailVerified: true,
    createdAt: new Date('2031-01-01T00:00:00Z'),
    lastLoginAt: null,
    signups: 0,
    sheets: 0,
    ...extra,
  };
}

describe('People', () => {
  it('lists accounts with their role, verified state, signups, sheets and last login', async () => {
    const server = fakeTrpc({
      'users.list': () => [
        person(1, 'Ada Admin', 'admin', { lastLoginAt: new Date('2031-02-03T18:30:00Z') }),
        person(2, 'Olivia Organizer', 'organizer', { sheets: 2 }),
        person(3, 'Pat Parent', 'member', { emailVerified: false, signups: 4 }),
      ],
    });
    renderWithProviders(<People />, { user: admin, fetch: server.fetch });
    const table = await screen.findByRole('table', { name: 'People' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[2] as HTMLElement).getByText('Not verified')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('4')).toBeDefined();
    expect(within(rows[1] as HTMLElement).getByText('2')).toBeDefined();
    expect(within(rows[2] as HTMLElement).getByText('Never')).toBeDefined();
    expect(screen.getByLabelText<HTMLSelectElement>('Role of Olivia Organizer').value).toBe('organizer');
  });

  it('changes a role and refreshes the list', async () => {
    let role = 'member';
    const server = fakeTrpc({
      'users.list': () => [person(1, 'Ada Admin', 'admin'), person(3, 'Pat Parent', role)],
      'users.setRole': (input) => {
        role = (input as { role: string }).role;
        return { ...person(3, 'Pat Parent', role), isAdmin: false };
      },
    });
    renderWithProviders(<People />, { user: admin, fetch: server.fetch });
    const select = await screen.findByLabelText<HTMLSelectElement>('Role of Pat Parent');
    fireEvent.change(select, { target: { value: 'organizer' } });
    expect(await screen.findByText('Pat Parent is now organizer.')).toBeDefined();
    expect(server.calls.find((c) => c.path === 'users.setRole')?.input).toEqual({ id: 3, role: 'organizer' });
    await waitFor(() => expect(server.calls.filter((c) => c.path === 'users.list')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Role of Pat Parent').value).toBe('organizer'));
  });

  it("shows the server's reason when the last administrator would be demoted", async () => {
    const server = fakeTrpc({
      'users.list': () => [person(1, 'Ada Admin', 'admin')],
      'users.setRole': () => {
        throw new FakeTrpcError('CONFLICT', 'The last administrator cannot be demoted');
      },
    });
    renderWithProviders(<People />, { user: admin, fetch: server.fetch });
    fireEvent.change(await screen.findByLabelText('Role of Ada Admin'), { target: { value: 'member' } });
    expect(await screen.findByText('The last administrator cannot be demoted')).toBeDefined();
    expect(screen.getByText('Role Change Failed')).toBeDefined();
    await waitFor(() => expect(screen.getByLabelText<HTMLSelectElement>('Role of Ada Admin').value).toBe('admin'));
  });

  it('says so when the list cannot be loaded', async () => {
    renderWithProviders(<People />, { user: admin });
    expect(await screen.findByText('Could not load people')).toBeDefined();
  });
});
