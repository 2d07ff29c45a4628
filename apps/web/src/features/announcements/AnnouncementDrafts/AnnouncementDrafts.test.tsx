import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FakeTrpcError, fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import type { Announcement } from '../announcements';
import { AnnouncementDrafts } from './AnnouncementDrafts';

const admin = { id: 1, name: 'Ada Admin', isAdmin: true };

function announcement(overrides: Partial<Announcement> = {}): Announcement {
  const id = overrides.id ?? 7;
  return {
    id,
    changeId: id,
    monitorId: 1,
    monitorName: 'District news',
    status: 'draft',
    text: 'Maple PAC: District news has news. Early dismissal Friday at 1 PM. https://www.example-district.org/news',
    headline: 'Early dismissal Friday at 1 PM',
    link: 'https://www.example-district.org/news',
    imageAlt: 'Maple PAC: Early dismissal Friday at 1 PM',
    // 11:00 AM in Vancouver (the school) is 3:00 AM the next day in Tokyo (the tests' browser).
    createdAt: schoolDate(2031, 4, 3, 11, 0),
    decidedAt: null,
    decidedById: null,
    decidedByName: null,
    decidedBy: null,
    rejectReason: null,
    imageUrl: `https://pac.example.org/api/announcements/${id}/card.jpg`,
    added: ['Early dismissal Friday at 1 PM'],
    removed: ['Book fair Monday'],
    ...overrides,
  };
}

/** A server holding `list`, whose procedures decide and edit its announcements as the real one does. */
function announcementServer(list: Announcement[], overrides: Record<string, (input: unknown) => unknown> = {}) {
  const find = (input: unknown) => {
    const { id } = input as { id: number };
    const found = list.find((a) => a.id === id);
    if (!found) throw new FakeTrpcError('NOT_FOUND', 'Announcement not found');
    if (found.status !== 'draft')
      throw new FakeTrpcError('CONFLICT', `This announcement is already ${found.status}`, { reason: 'alreadyDecided' });
    return found;
  };
  const decide = (input: unknown, status: 'approved' | 'rejected') => {
    const found = find(input);
    const reason = (input as { reason?: string }).reason ?? null;
    Object.assign(found, {
      status,
      decidedAt: schoolDate(2031, 4, 4, 9, 30),
      decidedBy: admin.name,
      decidedByName: admin.name,
      rejectReason: reason,
    });
    return { announcement: found };
  };
  return fakeTrpc({
    'announcements.list': () => list,
    'announcements.update': (input) => {
      const found = find(input);
      const { text, imageAlt } = input as { text?: string; imageAlt?: string };
      Object.assign(found, text === undefined ? {} : { text }, imageAlt === undefined ? {} : { imageAlt });
      return found;
    },
    'announcements.approve': (input) => decide(input, 'approved'),
    'announcements.reject': (input) => decide(input, 'rejected'),
    'monitoring.notifications': () => [],
    ...overrides,
  });
}

const region = () => screen.getByRole('region', { name: 'Announcements to approve' });
const draftCard = (name: string) => within(region()).findByRole('article', { name });

describe('AnnouncementDrafts', () => {
  it("shows a draft: the page, when it was found on the school's clock, what changed, the text, the card and its description", async () => {
    const server = announcementServer([announcement()]);
    renderWithProviders(<AnnouncementDrafts />, { user: admin, fetch: server.fetch });
    const card = await draftCard('District news');
    expect(screen.getByRole('heading', { level: 2, name: 'Announcements to approve' })).toBeDefined();
    expect(card.textContent).toContain('Found Saturday, May 3, 2031 at 11:00 AM');
    expect(within(card).getByRole('link', { name: 'https://www.example-district.org/news' })).toBeDefined();

    const added = within(card).getByRole('list', { name: 'Added' });
    expect(
      within(added)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Early dismissal Friday at 1 PM']);
    const removed = within(card).getByRole('list', { name: 'Removed' });
    expect(
      within(removed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Book fair Monday']);
    expect(card.textContent).not.toMatch(/@@|lines? added/);

    const text = within(card).getByLabelText<HTMLTextAreaElement>(/^Post text/);
    expect(text.value).toBe(announcement().text);
    const count = within(card).getByText(`${announcement().text.length} / 2,200 characters`);
    expect(text.getAttribute('aria-describedby')).toContain(count.closest('[id]')?.id);

    const image = within(card).getByRole<HTMLImageElement>('img', {
      name: 'Maple PAC: Early dismissal Friday at 1 PM',
    });
    expect(image.getAttribute('src')).toBe('/api/announcements/7/card.jpg');
    expect(within(card).getByLabelText<HTMLInputElement>(/^Image description/).value).toBe(
      'Maple PAC: Early dismissal Friday at 1 PM',
    );

    expect(within(card).getByRole('button', { name: 'Approve and post' })).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Reject' })).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Save changes' }).hasAttribute('disabled')).toBe(true);
  });

  it("saves an edit: 'Save changes' waits for one, sends the text and description, and says so", async () => {
    const server = announcementServer([announcement()]);
    renderWithProviders(<AnnouncementDrafts />, { user: admin, fetch: server.fetch });
    const card = await draftCard('District news');
    const save = within(card).getByRole('button', { name: 'Save changes' });
    fireEvent.change(within(card).getByLabelText(/^Post text/), { target: { value: 'Early dismissal on Friday.' } });
    expect(within(card).getByText('26 / 2,200 characters')).toBeDefined();
    expect(save.hasAttribute('disabled')).toBe(false);
    fireEvent.click(save);

    expect(await screen.findByText('Announcement Saved')).toBeDefined();
    expect(server.calls.find((c) => c.path === 'announcements.update')?.input).toEqual({
      id: 7,
      text: 'Early dismissal on Friday.',
      imageAlt: 'Maple PAC: Early dismissal Friday at 1 PM',
    });
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(true));
    expect(within(card).getByLabelText<HTMLTextAreaElement>(/^Post text/).value).toBe('Early dismissal on Friday.');
  });

  it('refuses text the server would refuse, with its message, and sends nothing', async () => {
    const server = announcementServer([announcement()]);
    renderWithProviders(<AnnouncementDrafts />, { user: admin, fetch: server.fetch });
    const card = await draftCard('District news');
    const text = within(card).getByLabelText(/^Post text/);
    fireEvent.change(text, { target: { value: 'x'.repeat(2201) } });
    expect(within(card).getByText('2,201 / 2,200 characters')).toBeDefined();
    expect(within(card).getByText('Must be at most 2200 characters')).toBeDefined();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve and post' }));
    expect(document.activeElement).toBe(text);

    fireEvent.change(text, { target: { value: '  ' } });
    expect(within(card).getByText('Post text is required')).toBeDefined();
    fireEvent.change(within(card).getByLabelText(/^Image description/), { target: { value: '' } });
    expect(within(card).getByText('Image description is required')).toBeDefined();
    fireEvent.click(within(card).getByRole('button', { name: 'Save changes' }));
    expect(server.calls.map((c) => c.path)).toEqual(['announcements.list']);
  });

  it("'Approve and post' saves what is on screen, then approves it; the draft leaves and the decision is listed", async () => {
    const server = announcementServer([announcement()]);
    renderWithProviders(<AnnouncementDrafts />, { user: admin, fetch: server.fetch });
    const card = await draftCard('District news');
    fireEvent.change(within(card).getByLabelText(/^Post text/), { target: { value: 'Early dismissal Friday.' } });
    fireEvent.change(within(card).getByLabelText(/^Image description/), { target: { value: 'Early dismissal card' } });
    expect(within(card).getByRole('img', { name: 'Early dismissal card' })).toBeDefined();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve and post' }));

    expect(await screen.findByText('Announcement Approved')).toBeDefined();
    const writes = server.calls.filter((c) => c.path !== 'announcements.list' && c.path !== 'monitoring.notifications');
    expect(writes).toEqual([
      {
        path: 'announcements.update',
        input: { id: 7, text: 'Early dismissal Friday.', imageAlt: 'Early dismissal card' },
      },
      { path: 'announcements.approve', input: { id: 7 } },
    ]);
    await within(region()).findByText('No announcements waiting.');
    expect(within(region()).queryByRole('article')).toBeNull();
    const decisions = within(region()).getByRole('region', { name: 'Recent decisions' });
    expect(decisions.textContent).toContain('Approved by Ada Admin on May 4, 9:30 AM');
    expect(within(decisions).getByRole('link', { name: 'District news' }).getAttribute('href')).toBe(
      'https://www.example-district.org/news',
    );
    // Focus stays in the section rather than falling to the page's start.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Announcements to approve' }));
  });

  it("'Reject' asks first, with an optional reason, and posts nothing", async () => {
    const server = announcementServer([announcement()]);
    renderWithProviders(<AnnouncementDrafts />, { user: admin, fetch: server.fetch });
    const card = await draftCard('District news');
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject Announcement' });
    expect(dialog.textContent).toContain('The District news announcement will not be posted to Facebook or Instagram.');
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: '  Only a typo  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject Announcement' }));

    expect(await screen.findByText('Announcement Rejected')).toBeDefined();
    expect(server.calls.find((c) => c.path === 'announcements.reject')?.input).toEqual({
      id: 7,
      reason: 'Only a typo',
    });
    expect(server.calls.some((c) => c.path === 'announcements.approve' || c.path === 'announcements.update')).toBe(
      false,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const decisions = await within(region()).findByRole('region', { name: 'Recent decisions' });
    expect(decisions.textContent).toContain('Rejected by Ada Admin on May 4, 9:30 AM: Only a typo');
  });

  it("says so when another admin decided first, with the server's sentence, and refreshes", async () => {
    const list = [announcement()];
    const server = announcementServer(list, {
      'announcements.update': () => {
        // Another admin rejected it a moment ago.
        Object.assign(list[0] ?? {}, { status: 'rejected', decidedAt: schoolDate(2031, 4, 4, 8, 0), decidedBy: 'Bo' });
        throw new FakeTrpcError('CONFLICT', 'This announcement is already rejected', { reason: 'alreadyDecided' });
      },
    });
    renderWithProviders(<AnnouncementDrafts />, { user: admin, fetch: server.fetch });
    const card = await draftCard('District news');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve and post' }));

    expect(await screen.findByText('Already Decided')).toBeDefined();
    expect(screen.getByText('This announcement is already rejected')).toBeDefined();
    expect(server.calls.some((c) => c.path === 'announcements.approve')).toBe(false);
    await within(region()).findByText('No announcements waiting.');
    expect(within(region()).getByRole('region', { name: 'Recent decisions' }).textContent).toContain(
      'Rejected by Bo on May 4, 8:00 AM',
    );
  });

  it('lists the last 10 decisions, each saying who decided what and when', async () => {
    const decided = [
      announcement({ id: 1, monitorName: 'Calendar', status: 'expired', decidedAt: schoolDate(2031, 4, 12, 9, 0) }),
      announcement({
        id: 2,
        monitorName: 'Board minutes',
        status: 'approved',
        decidedAt: schoolDate(2031, 4, 11, 9, 0),
      }),
      ...Array.from({ length: 10 }, (_, i) =>
        announcement({
          id: 10 + i,
          status: 'rejected',
          decidedAt: schoolDate(2031, 4, 1, 9, i),
          decidedBy: 'Jane Admin',
          rejectReason: `Reason ${i}`,
        }),
      ),
    ];
    const server = announcementServer(decided);
    renderWithProviders(<AnnouncementDrafts />, { user: admin, fetch: server.fetch });
    const decisions = await within(region()).findByRole('region', { name: 'Recent decisions' });
    expect(within(region()).getByText('No announcements waiting.')).toBeDefined();
    const items = within(decisions).getAllByRole('listitem');
    expect(items).toHaveLength(10);
    expect(items[0]?.textContent).toContain('Expired unapproved on May 12, 9:00 AM');
    expect(items[1]?.textContent).toContain('Posted without approval on May 11, 9:00 AM');
    expect(items[2]?.textContent).toContain('Rejected by Jane Admin on May 1, 9:09 AM: Reason 9');
  });

  it('on the dashboard shows nothing while no draft waits', async () => {
    const server = announcementServer([announcement({ status: 'approved', decidedAt: schoolDate(2031, 4, 4) })]);
    // The two share one query: once /monitoring's says none is waiting, the dashboard's has its answer too.
    renderWithProviders(
      <>
        <AnnouncementDrafts hideWhenEmpty />
        <AnnouncementDrafts />
      </>,
      { user: admin, fetch: server.fetch },
    );
    await screen.findByText('No announcements waiting.');
    expect(screen.getAllByRole('region', { name: 'Announcements to approve' })).toHaveLength(1);
  });

  it('says so when the announcements cannot be loaded', async () => {
    renderWithProviders(<AnnouncementDrafts />, { user: admin });
    expect(await within(region()).findByText('Could not load the announcements')).toBeDefined();
  });
});
