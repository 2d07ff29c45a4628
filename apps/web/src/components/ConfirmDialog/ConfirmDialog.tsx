import '../../styles/mantine-rest.css';
import { Button, Group, type MantineColor, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** The label of the button that dismisses the question. */
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
  cancelLabel = 'Cancel',
  onConfirm,
  onCancel,
  loading = false,
  confirmColor = 'red',
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="sm">
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={loading} data-autofocus>
          {cancelLabel}
        </Button>
        <Button color={confirmColor} onClick={onConfirm} loading={loading}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
