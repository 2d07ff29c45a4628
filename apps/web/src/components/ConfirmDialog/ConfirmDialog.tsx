import '../../styles/mantine-rest.css';
import { useLingui } from '@lingui/react';
import { Button, Group, type MantineColor, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The label of the button that dismisses the question ('Cancel' in the page's language when absent). */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The action is under way: the confirm button spins and nothing can be pressed twice. */
  loading?: boolean;
  /** The confirm button's colour: red for what cannot be undone (the default), the theme's for the rest. */
  confirmColor?: MantineColor;
}

/** A confirmation for a destructive or far-reaching action, in an accessible modal (never window.confirm). */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  loading = false,
  confirmColor = 'red',
}: ConfirmDialogProps) {
  const { i18n } = useLingui();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel ?? i18n._('Cancel')}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
