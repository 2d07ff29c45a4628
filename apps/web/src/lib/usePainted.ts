import { startTransition, useEffect, useState } from 'react';

/** How long to wait for the browser to report the page's first contentful paint before going on. */
const contentfulPaintWaitMs = 1000;

/**
 * Calls `done` once the browser reports the page's first contentful paint (at once when it has, or
 * cannot tell; after a second at the latest). Answers a function that cancels it.
 */
function afterContentfulPaint(done: () => void): () => void {
  const supported =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint');
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (!supported || painted()) {
    done();
    return () => undefined;
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return;
    stop();
    done();
  });
  const timer = setTimeout(() => {
    stop();
    done();
  }, contentfulPaintWaitMs);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe({ type: 'paint' });
  return stop;
}

/**
 * False until the page has been painted once with what the component first rendered (and the
 * browser has shown the page's first content), true from then on: for what can wait until the first
 * screen is up (loading a dialog's code, say). What it then renders renders as a transition, in
 * slices that leave the page responsive.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let next: number | undefined;
    let stop: () => void = () => undefined;
    // An animation frame runs just before the paint; the one after it, once that paint is on screen
    // (a task queued from the first would run before the browser has shown the frame).
    const frame = requestAnimationFrame(() => {
      next = requestAnimationFrame(() => {
        stop = afterContentfulPaint(() => startTransition(() => setPainted(true)));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      if (next !== undefined) cancelAnimationFrame(next);
      stop();
    };
  }, []);
  return painted;
}
