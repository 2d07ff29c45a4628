import { describe, expect, it, vi } from 'vitest';

// Each test gets the module fresh: it keeps its state at module level, as the app has one page.
const load = async () => {
  vi.resetModules();
  return import('./toastGate');
};

describe('toastGate', () => {
  it('holds a toast until the toasts are on the page, asking for them once', async () => {
    const gate = await load();
    const listener = vi.fn();
    gate.subscribeToToasts(listener);
    const first = vi.fn();
    const second = vi.fn();
    expect(gate.toastsWanted()).toBe(false);
    gate.whenToastsReady(first);
    gate.whenToastsReady(second);
    expect(gate.toastsWanted()).toBe(true);
    expect(listener).toHaveBeenCalledOnce();
    expect(first).not.toHaveBeenCalled();

    gate.toastsMounted();
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();
    expect(first.mock.invocationCallOrder[0]).toBeLessThan(second.mock.invocationCallOrder[0] ?? 0);
  });

  it('shows at once while the toasts are on the page, and waits again once they have left it', async () => {
    const gate = await load();
    const leave = gate.toastsMounted();
    const now = vi.fn();
    gate.whenToastsReady(now);
    expect(now).toHaveBeenCalledOnce();

    leave();
    const later = vi.fn();
    gate.whenToastsReady(later);
    expect(later).not.toHaveBeenCalled();
    gate.toastsMounted();
    expect(later).toHaveBeenCalledOnce();
  });

  it('starts loading on loadToasts alone, without a toast', async () => {
    const gate = await load();
    const listener = vi.fn();
    const unsubscribe = gate.subscribeToToasts(listener);
    gate.loadToasts();
    gate.loadToasts();
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
    expect(gate.toastsWanted()).toBe(true);
  });
});
