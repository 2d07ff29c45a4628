import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeTrpc } from '../../../../test/fakeTrpc';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { schoolDate } from '../../../../test/schoolTime';
import type { SheetListItem } from '../../../types';
import { ManagedSheetCard, ManageSheets } from './ManageSheets';

const slot = (id: number, title: string, start: Date | null, current: number, max: number) => ({
  id,
  signupSheetId: 5,
  title,
  description: null,
  location: null,
  startTime: start,
  endTime: null,
  maxVolunteers: max,
  kind: 'task' as const,
  currentVolunteers: current,
  waitlistCount: 0,
  createdAt: schoolDate(2031, 0, 1),
});

const sheet: SheetListItem = {
  id: 5,
  title: 'Spring Fair',
  description: null,
  location: null,
  eventDate: schoolDate(2031, 4, 3, 17, 0),
  organizerName: 'Olivia',
  organizerEmail: 'olivia@example.org',
  ownerId: null,
  maxSlotsPerPerson: null,
  questions: [],
  notifyOrganizer: 'each' as const,
  createdAt: schoolDate(2031, 0, 1),
  slots: [slot(1, 'Cleanup', null, 0, 2), slot(2, 'Setup', schoolDate(2031, 4, 3, 8, 0), 1, 3)],
};

describe('ManagedSheetCard', () => {
  it('lists every slot in slot order with edit and delete, and Add Volunteer Slot under the card', () => {
    const handlers = { onDelete: vi.fn(), onAddSlot: vi.fn(), onEditSlot: vi.fn(), onDeleteSlot: vi.fn() };
    renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    const slots = within(screen.getByRole('list', { name: 'Slots of Spring Fair' })).getAllByRole('listitem');
    expect(slots.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Setup'),
      expect.stringContaining('Cleanup'),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Setup' }));
    expect(handlers.onEditSlot).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Cleanup' }));
    expect(handlers.onDeleteSlot).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Spring Fair' }));
    expect(handlers.onDelete).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: /^Add Volunteer Slot/ }));
    expect(handlers.onAddSlot).toHaveBeenCalledOnce();
  });
});

describe('ManagedSheetCard item slots', () => {
  it("marks an item to bring as 'Item', and a task not", () => {
    const handlers = { onDelete: vi.fn(), onAddSlot: vi.fn(), onEditSlot: vi.fn(), onDeleteSlot: vi.fn() };
    const withItem = {
      ...sheet,
      slots: [slot(1, 'Cleanup', null, 0, 2), { ...slot(3, 'Cupcakes', null, 6, 24), kind: 'item' as const }],
    };
    renderWithProviders(<ManagedSheetCard sheet={withItem} {...handlers} />);
    const [cleanup, cupcakes] = within(screen.getByRole('list', { name: 'Slots of Spring Fair' })).getAllByRole(
      'listitem',
    );
    expect(cupcakes?.textContent).toContain('CupcakesItem');
    expect(cupcakes?.textContent).toContain('6 / 24');
    expect(cleanup?.textContent).not.toContain('Item');
  });
});

describe('ManagedSheetCard past marker', () => {
  const handlers = { onDelete: vi.fn(), onAddSlot: vi.fn(), onEditSlot: vi.fn(), onDeleteSlot: vi.fn() };

  it("says 'Past' on a sheet whose event is over, and nothing on an upcoming one", () => {
    const { unmount } = renderWithProviders(<ManagedSheetCard sheet={sheet} past {...handlers} />);
    expect(within(screen.getByRole('article', { name: 'Spring Fair' })).getByText('Past')).toBeDefined();
    unmount();
    renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    expect(within(screen.getByRole('article', { name: 'Spring Fair' })).queryByText('Past')).toBeNull();
  });
});

describe('ManageSheets', () => {
  it('shows 4 skeleton cards while the sheets load', () => {
    renderWithProviders(<ManageSheets onCreateSheet={vi.fn()} />);
    expect(screen.getAllByTestId('sheet-skeleton')).toHaveLength(4);
  });
});

describe('ManagedSheetCard sheet tools', () => {
  it("offers 'Edit sheet' and 'Duplicate' beside Delete, apart from the slots' own Edit buttons", () => {
    const handlers = {
      onDelete: vi.fn(),
      onEdit: vi.fn(),
      onDuplicate: vi.fn(),
      onAddSlot: vi.fn(),
      onEditSlot: vi.fn(),
      onDeleteSlot: vi.fn(),
    };
    renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    fireEvent.click(screen.getByRole('button', { name: 'Edit sheet Spring Fair' }));
    expect(handlers.onEdit).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Spring Fair' }));
    expect(handlers.onDuplicate).toHaveBeenCalledOnce();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Setup' }));
    expect(handlers.onEditSlot).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    expect(handlers.onEdit).toHaveBeenCalledOnce();
  });

  it('shows neither without handlers', () => {
    renderWithProviders(
      <ManagedSheetCard
        sheet={sheet}
        onDelete={vi.fn()}
        onAddSlot={vi.fn()}
        onEditSlot={vi.fn()}
        onDeleteSlot={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Edit sheet Spring Fair' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate Spring Fair' })).toBeNull();
  });
});

describe('ManageSheets and the organizer tier', () => {
  it("lists the caller's managed sheets (sheets.managed, not every sheet) and opens the edit and duplicate dialogs", async () => {
    const server = fakeTrpc({ 'sheets.managed': () => [sheet], 'sheets.list': () => [] });
    renderWithProviders(<ManageSheets onCreateSheet={vi.fn()} />, {
      user: { id: 2, name: 'Olivia Organizer', isAdmin: false },
      fetch: server.fetch,
    });
    await screen.findByRole('article', { name: 'Spring Fair' });
    expect(server.calls.map((c) => c.path)).toContain('sheets.managed');
    expect(server.calls.map((c) => c.path)).not.toContain('sheets.list');

    fireEvent.click(screen.getByRole('button', { name: 'Edit sheet Spring Fair' }));
    // The dialogs load on demand once the cards show: the first time, this environment compiles them.
    const edit = await screen.findByRole('dialog', { name: 'Edit Signup Sheet' }, { timeout: 10_000 });
    expect(within(edit).getByLabelText<HTMLInputElement>(/^Event Title/).value).toBe('Spring Fair');
    fireEvent.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Signup Sheet' })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Duplicate Spring Fair' }));
    const duplicate = await screen.findByRole('dialog', { name: 'Duplicate Signup Sheet' });
    expect(within(duplicate).getByLabelText<HTMLInputElement>(/^New Event Date/).value).toBe('2031-05-10T17:00');
  });
});

describe('ManagedSheetCard at a glance', () => {
  const handlers = { onDelete: vi.fn(), onAddSlot: vi.fn(), onEditSlot: vi.fn(), onDeleteSlot: vi.fn() };

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows the date, '1 of 5 spots filled' with a bar and '4 open', and 'Full' once full", () => {
    const { unmount } = renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    const card = screen.getByRole('article', { name: 'Spring Fair' });
    expect(within(card).getByText('Saturday, May 3, 2031 at 5:00 PM')).toBeDefined();
    expect(within(card).getByText('1 of 5 spots filled')).toBeDefined();
    expect(within(card).getByText('4 open')).toBeDefined();
    const bar = within(card).getByRole('progressbar', { name: 'Spring Fair: 1 of 5 spots filled' });
    expect(bar.getAttribute('aria-valuenow')).toBe('20');
    unmount();

    const full = { ...sheet, slots: [slot(1, 'Cleanup', null, 2, 2), slot(2, 'Setup', null, 3, 3)] };
    renderWithProviders(<ManagedSheetCard sheet={full} {...handlers} />);
    expect(screen.getByText('5 of 5 spots filled')).toBeDefined();
    expect(screen.getByText('Full')).toBeDefined();
  });

  it('links straight to the roster and the public page, and copies the public link', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    const card = screen.getByRole('article', { name: 'Spring Fair' });
    expect(within(card).getByRole('link', { name: 'Roster of Spring Fair' }).getAttribute('href')).toBe(
      '/signup-sheet/5/roster',
    );
    expect(within(card).getByRole('link', { name: 'Public link of Spring Fair' }).getAttribute('href')).toBe(
      '/signup-sheet/5',
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Copy link to Spring Fair' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/signup-sheet/5`));
    expect(within(card).queryByRole('textbox')).toBeNull();
  });

  it('shows the link, selected, to copy by hand when the browser keeps the clipboard from the page', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    renderWithProviders(<ManagedSheetCard sheet={sheet} {...handlers} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link to Spring Fair' }));
    const field = await screen.findByRole<HTMLInputElement>('textbox', { name: 'Public link of Spring Fair, to copy' });
    expect(field.value).toBe(`${window.location.origin}/signup-sheet/5`);
    await waitFor(() => expect(document.activeElement).toBe(field));
  });

  it("makes 'Add Volunteer Slot' the next step on a sheet with no slots", () => {
    const empty = { ...sheet, slots: [] };
    renderWithProviders(<ManagedSheetCard sheet={empty} justCreated {...handlers} />);
    expect(screen.getByText('Next: add the volunteer slots people sign up for.')).toBeDefined();
    expect(screen.queryByRole('progressbar')).toBeNull();
    const add = screen.getByRole('button', { name: 'Add Volunteer Slot to Spring Fair' });
    expect(add.getAttribute('data-variant')).toBe('filled');
  });
});

describe('ManageSheets order and a sheet just created', () => {
  const at = (id: number, title: string, eventDate: Date, slots = sheet.slots): SheetListItem => ({
    ...sheet,
    id,
    title,
    eventDate,
    slots,
  });
  const later = at(7, 'Book Fair', new Date(Date.now() + 20 * 86_400_000));
  const sooner = at(8, 'Bake Sale', new Date(Date.now() + 2 * 86_400_000));
  const past = at(9, 'Winter Concert', new Date(Date.now() - 3 * 86_400_000));

  it('lists upcoming sheets soonest first, then the past ones under "Past sheets"', async () => {
    const server = fakeTrpc({ 'sheets.managed': () => [past, later, sooner] });
    renderWithProviders(<ManageSheets onCreateSheet={vi.fn()} />, { fetch: server.fetch });
    // The list's first frame holds the first two cards; the rest follow in the render after it.
    await screen.findByRole('article', { name: 'Winter Concert' });
    const titles = screen.getAllByRole('article').map((card) => within(card).getByRole('heading').textContent);
    expect(titles).toEqual(['Bake Sale', 'Book Fair', 'Winter Concert']);
    const divider = screen.getByText('Past sheets');
    const pastCard = screen.getByRole('article', { name: 'Winter Concert' });
    expect(divider.compareDocumentPosition(pastCard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(pastCard).getByText('Past')).toBeDefined();
  });

  it('brings the card of a sheet just created into view, focuses its heading and highlights it', async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    const glowed: Element[] = [];
    const animate = vi.fn(function (this: Element) {
      glowed.push(this);
      return {} as Animation;
    });
    const original = Object.getOwnPropertyDescriptor(Element.prototype, 'animate');
    Object.defineProperty(Element.prototype, 'animate', { value: animate, configurable: true, writable: true });
    onTestFinished(() => {
      if (original) Object.defineProperty(Element.prototype, 'animate', original);
      else Reflect.deleteProperty(Element.prototype, 'animate');
    });
    const created = at(10, 'Fun Run', new Date(Date.now() + 30 * 86_400_000), []);
    const server = fakeTrpc({ 'sheets.managed': () => [sooner, later, created] });
    renderWithProviders(<ManageSheets onCreateSheet={vi.fn()} createdSheetId={10} />, { fetch: server.fetch });
    const card = await screen.findByRole('article', { name: 'Fun Run' });
    const heading = within(card).getByRole('heading', { name: 'Fun Run' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(scrolled).toEqual([card]);
    expect(card.getAttribute('data-just-created')).toBe('true');
    expect(glowed).toEqual([card]);
    expect(within(card).getByText('Next: add the volunteer slots people sign up for.')).toBeDefined();
    expect(screen.getByRole('article', { name: 'Book Fair' }).hasAttribute('data-just-created')).toBe(false);
    vi.restoreAllMocks();
  });

  it("says 'No Signup Sheets Yet', that the caller has made none, with a button to create one", async () => {
    const onCreateSheet = vi.fn();
    const server = fakeTrpc({ 'sheets.managed': () => [] });
    renderWithProviders(<ManageSheets onCreateSheet={onCreateSheet} />, { fetch: server.fetch });
    await screen.findByRole('heading', { name: 'No Signup Sheets Yet' });
    expect(screen.getByText(/^You haven't made any signup sheets yet\./)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Create First Signup Sheet' }));
    expect(onCreateSheet).toHaveBeenCalledOnce();
  });
});
