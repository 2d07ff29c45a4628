import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sampleMonitor } from '../../../../test/monitoringFixtures';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { MonitorForm } from './MonitorForm';
import type { MonitorSubmit, SetFieldError } from './monitorFormValues';

const field = (label: RegExp) => screen.getByLabelText<HTMLInputElement>(label);

function fill(label: RegExp, value: string) {
  fireEvent.change(field(label), { target: { value } });
}

describe('MonitorForm', () => {
  it('starts with every 15 minutes and every channel on', () => {
    renderWithProviders(<MonitorForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(field(/^Check every/).value).toBe('15');
    for (const channel of [/^Email/, /^Internal posts/, /^Facebook/, /^Instagram/]) {
      expect(field(channel).checked).toBe(true);
    }
    expect(field(/^Only announce future events/).checked).toBe(false);
  });

  it("shows SPEC.md's messages on submit and sends nothing", async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<MonitorForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fill(/^Check every/, '3');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(await screen.findByText('Monitor name is required')).toBeDefined();
    expect(screen.getByText('Must be a valid URL')).toBeDefined();
    expect(screen.getByText('At least one CSS selector is required')).toBeDefined();
    expect(screen.getByText('Check at least every 5 minutes')).toBeDefined();
    expect(onSubmit).not.toHaveBeenCalled();

    fill(/^Check every/, '2000');
    expect(await screen.findByText('No more than once per day')).toBeDefined();
  });

  it('sends a new monitor with one selector per line', () => {
    const onSubmit = vi.fn<(submit: MonitorSubmit, setFieldError: SetFieldError) => void>();
    renderWithProviders(<MonitorForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fill(/^Name/, 'District news');
    fill(/^URL/, 'https://www.example-district.org/news');
    fill(/^CSS Selectors/, 'main\n\n .news-list ');
    fill(/^Ignore Selectors/, '.clock');
    fireEvent.click(field(/^Facebook/));
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    const [submitted] = onSubmit.mock.calls[0] ?? [];
    expect(submitted).toEqual({
      kind: 'create',
      input: {
        name: 'District news',
        url: 'https://www.example-district.org/news',
        selectors: ['main', '.news-list'],
        ignoreSelectors: ['.clock'],
        scheduleMinutes: 15,
        filterFutureEvents: false,
        autoApprove: false,
        emailNotifications: true,
        internalPosts: true,
        facebookPosts: false,
        instagramPosts: true,
      },
    });
  });

  it("shows the server's domain message on the URL field", async () => {
    const domainMessage = 'URL must be from an approved school domain (*.example-district.org)';
    const onSubmit = vi.fn((_submit: MonitorSubmit, setFieldError: SetFieldError) =>
      setFieldError('url', domainMessage),
    );
    renderWithProviders(<MonitorForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fill(/^Name/, 'Elsewhere');
    fill(/^URL/, 'https://www.elsewhere.org/');
    fill(/^CSS Selectors/, 'main');
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    const message = await screen.findByText(domainMessage);
    expect(field(/^URL/).getAttribute('aria-describedby')).toContain(message.id);
    // The refusal arrives after the submit: focus goes to the field it is about.
    await waitFor(() => expect(document.activeElement).toBe(field(/^URL/)));
  });

  it('edits a monitor: prefilled, and sends its id', () => {
    const onSubmit = vi.fn<(submit: MonitorSubmit, setFieldError: SetFieldError) => void>();
    const monitor = sampleMonitor({
      id: 9,
      selectors: ['main', '.news'],
      scheduleMinutes: 60,
      emailNotifications: false,
    });
    renderWithProviders(<MonitorForm monitor={monitor} onSubmit={onSubmit} onCancel={vi.fn()} />);
    expect(field(/^Name/).value).toBe('District news');
    expect(field(/^CSS Selectors/).value).toBe('main\n.news');
    expect(field(/^Email/).checked).toBe(false);
    fill(/^Check every/, '30');
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    const [submitted] = onSubmit.mock.calls[0] ?? [];
    expect(submitted?.kind).toBe('update');
    expect(submitted?.input).toMatchObject({ id: 9, scheduleMinutes: 30, selectors: ['main', '.news'] });
  });

  it("offers 'Post without approval', off by default, and only while Facebook or Instagram is on", () => {
    renderWithProviders(<MonitorForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    const autoApprove = screen.getByRole('switch', { name: /^Post without approval/ });
    expect((autoApprove as HTMLInputElement).checked).toBe(false);
    expect(autoApprove.hasAttribute('disabled')).toBe(false);
    expect(
      screen.getByText(
        'Facebook and Instagram posts go out as soon as a change is found, without waiting for an admin.',
      ).id,
    ).toBe(autoApprove.getAttribute('aria-describedby'));

    fireEvent.click(field(/^Facebook/));
    expect(autoApprove.hasAttribute('disabled')).toBe(false);
    fireEvent.click(field(/^Instagram/));
    expect(autoApprove.hasAttribute('disabled')).toBe(true);
    fireEvent.click(field(/^Instagram/));
    expect(autoApprove.hasAttribute('disabled')).toBe(false);
  });

  it('sends the auto-approve switch with a new monitor and with an edited one', () => {
    const onSubmit = vi.fn<(submit: MonitorSubmit, setFieldError: SetFieldError) => void>();
    const { unmount } = renderWithProviders(<MonitorForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    fill(/^Name/, 'District news');
    fill(/^URL/, 'https://www.example-district.org/news');
    fill(/^CSS Selectors/, 'main');
    fireEvent.click(screen.getByRole('switch', { name: /^Post without approval/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ kind: 'create', input: { autoApprove: true } });
    unmount();

    renderWithProviders(
      <MonitorForm monitor={sampleMonitor({ id: 9, autoApprove: true })} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    const autoApprove = screen.getByRole('switch', { name: /^Post without approval/ });
    expect((autoApprove as HTMLInputElement).checked).toBe(true);
    fireEvent.click(autoApprove);
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ kind: 'update', input: { id: 9, autoApprove: false } });
  });

  it('Cancel closes without sending', () => {
    const onCancel = vi.fn();
    const onSubmit = vi.fn();
    renderWithProviders(<MonitorForm onSubmit={onSubmit} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
