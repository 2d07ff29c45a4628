import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { loadToasts, subscribeToToasts, toastsWanted } from '../../lib/toastGate';

const Toasts = lazy(() => import('./Toasts').then((m) => ({ default: m.Toasts })));

/** Where the toasts go: nothing until they are first needed (lib/toastGate.ts), then Toasts. */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToasts, toastsWanted, () => false);

  // Most toasts answer a click or a key press: loading starts with the first one, so that the
  // toasts are there by the time the server has answered.
  useEffect(() => {
    if (wanted) return;
    const options = { capture: true, passive: true };
    window.addEventListener('pointerdown', loadToasts, options);
    window.addEventListener('keydown', loadToasts, options);
    return () => {
      window.removeEventListener('pointerdown', loadToasts, options);
      window.removeEventListener('keydown', loadToasts, options);
    };
  }, [wanted]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
