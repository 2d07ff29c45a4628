import { useEffect, useState } from 'react';

/**
 * False until the page has been painted once with what the component first rendered, true from
 * then on: for what can wait until the first screen is up (loading a dialog's code, say).
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // An animation frame runs just before the paint; a task queued from it, just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
