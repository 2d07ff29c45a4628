/**
 * The toasts (Mantine's Notifications, its styles and the transition library under it) load when
 * first needed rather than with every page: most visits show none. A toast asked for before they
 * are on the page waits for them, so that it still slides in as it would have.
 */

let wanted = false;
let mounted = false;
const waiting: (() => void)[] = [];
const listeners = new Set<() => void>();

/** Starts loading the toasts: ToastHost renders them from then on. */
export function loadToasts(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

/** Runs `show` once the toasts are on the page (at once when they are), loading them first if need be. */
export function whenToastsReady(show: () => void): void {
  if (mounted) {
    show();
    return;
  }
  waiting.push(show);
  loadToasts();
}

/** For useSyncExternalStore: whether the toasts have been asked for yet. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const toastsWanted = (): boolean => wanted;

/** Called by the toasts once they are on the page; returns what to call when they leave it. */
export function toastsMounted(): () => void {
  mounted = true;
  for (const show of waiting.splice(0)) show();
  return () => {
    mounted = false;
  };
}
