import { Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { serverMessage } from './errors';
import { whenToastsReady } from './toastGate';

export const toastDurationMs = 5000;

// At most one toast is visible (SPEC.md section 9); a new one replaces the old rather than
// waiting in Mantine's queue behind it.
function show(title: string, message: ReactNode, destructive: boolean): void {
  whenToastsReady(() => {
    notifications.clean();
    notifications.show({
      title,
      message,
      color: destructive ? 'red' : 'green',
      autoClose: toastDurationMs,
      withBorder: true,
    });
  });
}

export function notifySuccess(title: string, message: ReactNode): void {
  show(title, message, false);
}

/** A destructive (red) toast with a text of the app's own. */
export function notifyFailureText(title: string, message: ReactNode): void {
  show(title, message, true);
}

/** A destructive (red) toast with the server's sentence, or `fallback` when there is none. */
export function notifyFailure(title: string, error: unknown, fallback: string): void {
  show(title, serverMessage(error) ?? fallback, true);
}

/**
 * A destructive toast that always says `text` (SPEC.md's fixed wording), with the server's
 * reason underneath when it gave one.
 */
export function notifyFailureWithReason(title: string, error: unknown, text: string): void {
  const reason = serverMessage(error);
  show(
    title,
    reason === null ? (
      text
    ) : (
      <Stack gap={2}>
        <Text size="sm">{text}</Text>
        <Text size="xs" c="dimmed">
          {reason}
        </Text>
      </Stack>
    ),
    true,
  );
}
