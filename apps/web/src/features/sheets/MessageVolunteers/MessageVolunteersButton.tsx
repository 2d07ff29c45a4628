import { useLingui } from '@lingui/react';
import { ActionIcon } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { MailIcon } from '../../../components/Icons';
import type { MessageSheet } from './MessageVolunteers';

// The composer (Mantine's Modal, the form and its schema) loads when it is first asked for: a
// sheet card waits for none of it.
const MessageVolunteersDialog = lazy(() =>
  import('./MessageVolunteers').then((m) => ({ default: m.MessageVolunteersDialog })),
);

/** The sheet card's 'Message volunteers' tool: opens the composer and the log of messages sent for this sheet. */
export function MessageVolunteersButton({ sheet }: { sheet: MessageSheet }) {
  const { i18n } = useLingui();
  const [opened, setOpened] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        aria-label={i18n._('Message volunteers of {title}', { title: sheet.title })}
        title={i18n._('Message volunteers')}
        onClick={() => {
          setWanted(true);
          setOpened(true);
        }}
      >
        <MailIcon />
      </ActionIcon>
      {wanted && (
        <Suspense fallback={null}>
          <MessageVolunteersDialog opened={opened} sheet={sheet} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
