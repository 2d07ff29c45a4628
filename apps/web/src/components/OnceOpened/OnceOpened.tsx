import { type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';

export interface OnceOpenedProps {
  /** Whether the dialog is open now. */
  open: boolean;
  /** The dialog, told whether to show itself open. */
  children: (opened: boolean) => ReactNode;
}

/** Calls `onMount` once it is on screen: inside a Suspense boundary, once what the boundary waited for is. */
function Mounted({ onMount }: { onMount: () => void }) {
  useEffect(onMount, [onMount]);
  return null;
}

/**
 * A dialog whose code (Mantine's Modal, a form and its schema) loads when it is first opened rather
 * than with the page: nothing until `open` is first true, then the dialog, which stays mounted for
 * its closing transition and after. Once its code is here it renders closed first and opens in the
 * render after, as a dialog mounted with the page does: Mantine's Modal notes the element to give
 * the focus back to on closing (the button that opened it) only when it opens after mounting.
 */
export function OnceOpened({ open, children }: OnceOpenedProps) {
  const [asked, setAsked] = useState(open);
  const [mounted, setMounted] = useState(false);
  const onMount = useCallback(() => setMounted(true), []);
  if (open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      {children(open && mounted)}
      <Mounted onMount={onMount} />
    </Suspense>
  );
}
