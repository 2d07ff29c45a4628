import { type ReactNode, useDeferredValue } from 'react';

/**
 * Renders `children` only in a render after its own first commit. For parts whose code loads on
 * demand: their code starts loading once what came first (the sheet cards) is on screen, and their
 * waiting for it (a Suspense fallback of their own) holds back nothing else.
 */
export function AfterCommit({ children }: { children: ReactNode }) {
  // false in the first render, true in the background render React does right after it.
  const later = useDeferredValue(true, false);
  return later ? children : null;
}
