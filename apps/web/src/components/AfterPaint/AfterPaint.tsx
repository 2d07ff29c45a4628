import type { ReactNode } from 'react';
import { usePainted } from '../../lib/usePainted';

export interface AfterPaintProps {
  children: ReactNode;
  /** What shows until then (nothing by default). */
  fallback?: ReactNode;
}

/**
 * Renders `children` only once the page has been painted with what came first (`fallback` until
 * then). For parts whose code loads on demand: their code starts loading once the first screen (the
 * sheet cards, the stat tiles) is on screen, so that a phone paints it without first fetching,
 * compiling and laying out any of them, and their waiting for it (a Suspense fallback of their own)
 * holds back nothing else.
 */
export function AfterPaint({ children, fallback = null }: AfterPaintProps) {
  return usePainted() ? children : fallback;
}
