import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while the server renders a page and while the browser hydrates that HTML, true in every
 * other render (a page the browser renders itself is true from its first render). For what the
 * server cannot render the way the browser's first render will, such as a part whose code loads on
 * demand: until the code is there, React keeps the server's HTML of such a part without taking it
 * over, and a click on it is lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
