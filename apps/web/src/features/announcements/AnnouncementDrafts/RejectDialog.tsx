import { useLingui } from '@lingui/react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/** The longest reason the server keeps. */
const reasonMax = 500;

export interface RejectDialogProps {
  opened: boolean;
  /** The watched page's name, which the question names. */
  pageName: string;
  /** Rejects with the reason given ('' for none). */
  onConfirm: (reason: string) => void;
  onCancel: () => void;
  /** The rejection is under way. */
  loading?: boolean;
}

/** 'Reject' asks first, with room for an optional reason that other admins see under Recent decisions. */
export function RejectDialog({ opened, pageName, onConfirm, onCancel, loading = false }: RejectDialogProps) {
  const { i18n } = useLingui();
  const [reason, setReason] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onConfirm(reason);
  };
  return (
    <Modal opened={opened} onClose={onCancel} title={i18n._('Reject Announcement')} size="sm">
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">
            {i18n._('The {name} announcement will not be posted to Facebook or Instagram.', { name: pageName })}
          </Text>
          <Textarea
            label={i18n._('Reason (optional)')}
            description={i18n._('Other admins see it under Recent decisions.')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={reasonMax}
            autosize
            minRows={2}
            maxRows={6}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={loading}>
              {i18n._('Cancel')}
            </Button>
            <Button type="submit" color="red" loading={loading}>
              {i18n._('Reject Announcement')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
