import { useLingui } from '@lingui/react';
import { Modal } from '@mantine/core';
import type { Monitor } from '../monitoring';
import { MonitorForm } from './MonitorForm';
import { useMonitorSave } from './useMonitorSave';

export interface MonitorFormDialogProps {
  opened: boolean;
  /** The monitor to edit; null or absent to add one. */
  monitor?: Monitor | null;
  onClose: () => void;
}

/** 'Add Monitor' / 'Edit Monitor' in a modal: saves, toasts and refreshes the monitoring data. */
export function MonitorFormDialog({ opened, monitor, onClose }: MonitorFormDialogProps) {
  const { i18n } = useLingui();
  const { submit, submitting } = useMonitorSave(onClose);
  return (
    <Modal opened={opened} onClose={onClose} title={monitor ? i18n._('Edit Monitor') : i18n._('Add Monitor')} size="lg">
      <MonitorForm
        key={monitor?.id ?? 'new'}
        monitor={monitor}
        submitting={submitting}
        onCancel={onClose}
        onSubmit={submit}
      />
    </Modal>
  );
}
