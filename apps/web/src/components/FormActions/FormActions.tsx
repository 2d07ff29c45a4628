import { useLingui } from '@lingui/react';
import { Button, Group } from '@mantine/core';

export interface FormActionsProps {
  submitLabel: string;
  /** Shown on the submit button while the form is being sent (e.g. 'Creating...'); a spinner when absent. */
  pendingLabel?: string;
  submitting?: boolean;
  /** Clears what was typed: Cancel always resets the form (SPEC.md section 2). */
  reset: () => void;
  /** Closes the dialog or inline form. */
  onCancel: () => void;
  justify?: 'flex-start' | 'flex-end';
}

/** A form's footer: Cancel (which resets the form, then closes it) and the submit button. */
export function FormActions({
  submitLabel,
  pendingLabel,
  submitting = false,
  reset,
  onCancel,
  justify = 'flex-end',
}: FormActionsProps) {
  const { i18n } = useLingui();
  return (
    <Group justify={justify} gap="sm" mt="sm">
      <Button
        variant="default"
        disabled={submitting}
        onClick={() => {
          reset();
          onCancel();
        }}
      >
        {i18n._('Cancel')}
      </Button>
      <Button
        type="submit"
        disabled={submitting && pendingLabel !== undefined}
        loading={submitting && pendingLabel === undefined}
      >
        {submitting && pendingLabel ? pendingLabel : submitLabel}
      </Button>
    </Group>
  );
}
