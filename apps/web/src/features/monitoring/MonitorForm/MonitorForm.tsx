import { useLingui } from '@lingui/react';
import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { monitorCreateSchema, monitorUpdateSchema } from '@pac/validators';
import type { FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { useSchemaForm } from '../../../lib/schemaForm';
import type { Monitor } from '../monitoring';
import { AnnounceFields } from './AnnounceFields';
import {
  type MonitorFormValues,
  monitorFormValues,
  monitorInput,
  type MonitorSubmit,
  type SetFieldError,
} from './monitorFormValues';
import { ScheduleField } from './ScheduleField';
import { WatchedPageFields } from './WatchedPageFields';

export interface MonitorFormProps {
  /** The monitor to edit; without one the form adds a new monitor. */
  monitor?: Monitor | null;
  /** Called with the parsed values; `setFieldError` shows a server refusal on its field and focuses it. */
  onSubmit: (submit: MonitorSubmit, setFieldError: SetFieldError) => void;
  onCancel: () => void;
  submitting?: boolean;
}

function fieldErrorSetter(showFieldErrors: (errors: Record<string, string>) => boolean): SetFieldError {
  return (field, message) => showFieldErrors({ [field]: message });
}

interface MonitorFormBodyProps {
  form: UseFormReturnType<MonitorFormValues>;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  reset: () => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  pendingLabel: string;
}

/** The fields in reading order, then Cancel and the submit button. */
function MonitorFormBody({
  form,
  onSubmit,
  reset,
  onCancel,
  submitting,
  submitLabel,
  pendingLabel,
}: MonitorFormBodyProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <WatchedPageFields form={form} />
        <ScheduleField form={form} />
        <AnnounceFields form={form} />
        <FormActions
          submitLabel={submitLabel}
          pendingLabel={pendingLabel}
          submitting={submitting}
          reset={reset}
          onCancel={onCancel}
        />
      </Stack>
    </form>
  );
}

function CreateMonitorForm({ onSubmit, onCancel, submitting = false }: Omit<MonitorFormProps, 'monitor'>) {
  const { i18n } = useLingui();
  const {
    form,
    onSubmit: handleSubmit,
    reset,
    showFieldErrors,
  } = useSchemaForm({
    initialValues: monitorFormValues(),
    schema: monitorCreateSchema,
    toInput: monitorInput,
  });
  const setFieldError = fieldErrorSetter(showFieldErrors);
  return (
    <MonitorFormBody
      form={form}
      onSubmit={handleSubmit((input) => onSubmit({ kind: 'create', input }, setFieldError))}
      reset={reset}
      onCancel={onCancel}
      submitting={submitting}
      submitLabel={i18n._('Add Monitor')}
      pendingLabel={i18n._('Adding...')}
    />
  );
}

function EditMonitorForm({ monitor, onSubmit, onCancel, submitting = false }: MonitorFormProps & { monitor: Monitor }) {
  const { i18n } = useLingui();
  const {
    form,
    onSubmit: handleSubmit,
    reset,
    showFieldErrors,
  } = useSchemaForm({
    initialValues: monitorFormValues(monitor),
    schema: monitorUpdateSchema,
    toInput: (values: MonitorFormValues) => ({ ...monitorInput(values), id: monitor.id }),
  });
  const setFieldError = fieldErrorSetter(showFieldErrors);
  return (
    <MonitorFormBody
      form={form}
      onSubmit={handleSubmit((input) => onSubmit({ kind: 'update', input }, setFieldError))}
      reset={reset}
      onCancel={onCancel}
      submitting={submitting}
      submitLabel={i18n._('Save Changes')}
      pendingLabel={i18n._('Saving...')}
    />
  );
}

/**
 * The monitor form: name, URL, CSS selectors, ignore selectors, the schedule, the future-events
 * filter and the four channel switches, validated by the shared schemas as the server does.
 */
export function MonitorForm({ monitor, ...props }: MonitorFormProps) {
  return monitor ? <EditMonitorForm monitor={monitor} {...props} /> : <CreateMonitorForm {...props} />;
}
