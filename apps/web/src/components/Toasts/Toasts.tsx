import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { toastDurationMs } from '../../lib/notify';
import { toastsMounted } from '../../lib/toastGate';

/** Mantine's toasts as the app shows them; loaded by ToastHost with the first toast. */
export function Toasts() {
  // After Notifications' own effects (children's run first), which set the store's limit and position.
  useEffect(() => toastsMounted(), []);
  // Top-centre, so that a toast never covers a dialog's buttons.
  return <Notifications position="top-center" limit={1} autoClose={toastDurationMs} containerWidth={420} />;
}
