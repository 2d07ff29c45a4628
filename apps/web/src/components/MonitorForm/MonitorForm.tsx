import { Fieldset, Modal, NumberInput, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { monitorCreateSchema, monitorLimits, monitorUpdateSchema } from '@pac/validators';
import type { z } from 'zod';
import { apiIssues, serverMessage } from '../../lib/errors';
import { isUrlMessage, type Monitor, selectorLines } from '../../lib/monitoring';
import { notifyFailureText, notifySuccess } from '../../lib/notify';
import { useSchemaForm } from '../../lib/schemaForm';
import { trpc } from '../../trpc';
import { useRefreshMonitoring } from '../MonitoringPanel/useMonitoring';
import { FormActions } from '../FormActions';

export type MonitorCreateValues = z.output<typeof monitorCreateSchema>;
export type MonitorUpdateValues = z.output<typeof monitorUpdateSchema>;

/** What the form hands over: a new monitor, or the changed fields of an existing one. */
export type MonitorSubmit =
  { kind: 'create'; input: MonitorCreateValues } | { kind: 'update'; input: MonitorUpdateValues };

export interface MonitorFormValues extends Record<string, unknown> {
  name: string;
  url: string;
  /** One selector per line. */
  selectors: string;
  ignoreSelectors: string;
  scheduleMinutes: number | string;
  filterFutureEvents: boolean;
  emailNotifications: boolean;
  internalPosts: boolean;
  facebookPosts: boolean;
  instagramPosts: boolean;
}

const fieldNames = [
  'name',
  'url',
  'selectors',
  'ignoreSelectors',
  'scheduleMinutes',
  'filterFutureEvents',
  'emailNotifications',
  'internalPosts',
  'facebookPosts',
  'instagramPosts',
] as const;

/** A field of the monitor form. */
export type MonitorField = (typeof fieldNames)[number];

function isMonitorField(value: string): value is MonitorField {
  return (fieldNames as readonly string[]).includes(value);
}

/** The form's starting values: a monitor's own, or SPEC.md's defaults (every 15 minutes, every channel on). */
export function monitorFormValues(monitor?: Monitor | null): MonitorFormValues {
  return {
    name: monitor?.name ?? '',
    url: monitor?.url ?? '',
    selectors: (monitor?.selectors ?? []).join('\n'),
    ignoreSelectors: (monitor?.ignoreSelectors ?? []).join('\n'),
    scheduleMinutes: monitor?.scheduleMinutes ?? monitorLimits.scheduleDefault,
    filterFutureEvents: monitor?.filterFutureEvents ?? false,
    emailNotifications: monitor?.emailNotifications ?? true,
    internalPosts: monitor?.internalPosts ?? true,
    facebookPosts: monitor?.facebookPosts ?? true,
    instagramPosts: monitor?.instagramPosts ?? true,
  };
}

/** The schema's input for the form's values: selectors one per line become lists. */
export function monitorInput(values: MonitorFormValues) {
  return {
    ...values,
    selectors: selectorLines(values.selectors),
    ignoreSelectors: selectorLines(values.ignoreSelectors),
  };
}

/**
 * The field a server refusal belongs on, if any: the url rules ('Must be a valid URL', the
 * approved-domain rule) and any validation issue that names a form field.
 */
export function monitorFieldError(error: unknown): { field: MonitorField; message: string } | null {
  const message = serverMessage(error);
  if (message !== null && isUrlMessage(message)) return { field: 'url', message };
  for (const issue of apiIssues(error)) {
    const field = issue.path.split('.')[0] ?? '';
    if (isMonitorField(field)) return { field, message: issue.message };
  }
  return null;
}

export type SetFieldError = (field: MonitorField, message: string) => void;

export interface MonitorFormProps {
  /** The monitor to edit; without one the form adds a new monitor. */
  monitor?: Monitor | null;
  /** Called with the parsed values; `setFieldError` shows a server refusal on its field and focuses it. */
  onSubmit: (submit: MonitorSubmit, setFieldError: SetFieldError) => void;
  onCancel: () => void;
  submitting?: boolean;
}

function MonitorFields({ form }: { form: UseFormReturnType<MonitorFormValues> }) {
  return (
    <>
      <TextInput
        label="Name"
        required
        data-autofocus
        maxLength={monitorLimits.nameMax}
        {...form.getInputProps('name')}
      />
      <TextInput
        label="URL"
        type="url"
        required
        placeholder="https://www.your-district.org/news"
        description="A page on the approved school-district domain or one of its subdomains."
        {...form.getInputProps('url')}
      />
      <Textarea
        label="CSS Selectors"
        required
        autosize
        minRows={2}
        maxRows={6}
        description="The parts of the page to watch, one per line (for example main or .news-list)."
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('selectors')}
      />
      <Textarea
        label="Ignore Selectors"
        autosize
        minRows={1}
        maxRows={6}
        description="Parts inside those to leave out, one per line (a clock, a carousel, a weather widget)."
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        {...form.getInputProps('ignoreSelectors')}
      />
      <NumberInput
        label="Check every (minutes)"
        required
        min={monitorLimits.scheduleMin}
        max={monitorLimits.scheduleMax}
        step={5}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        description="From 5 minutes to once a day (1440)."
        {...form.getInputProps('scheduleMinutes')}
      />
      <Switch
        label="Only announce future events"
        description="Leave out changes that only concern dates already past."
        {...form.getInputProps('filterFutureEvents', { type: 'checkbox' })}
      />
      <Fieldset legend="Announce changes by" variant="filled">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Switch label="Email" {...form.getInputProps('emailNotifications', { type: 'checkbox' })} />
          <Switch label="Internal posts" {...form.getInputProps('internalPosts', { type: 'checkbox' })} />
          <Switch label="Facebook" {...form.getInputProps('facebookPosts', { type: 'checkbox' })} />
          <Switch label="Instagram" {...form.getInputProps('instagramPosts', { type: 'checkbox' })} />
        </SimpleGrid>
      </Fieldset>
    </>
  );
}

function FormButtons({
  onCancel,
  reset,
  submitting,
  label,
  pendingLabel,
}: {
  onCancel: () => void;
  reset: () => void;
  submitting: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <FormActions
      submitLabel={label}
      pendingLabel={pendingLabel}
      submitting={submitting}
      reset={reset}
      onCancel={onCancel}
    />
  );
}

function CreateMonitorForm({ onSubmit, onCancel, submitting = false }: Omit<MonitorFormProps, 'monitor'>) {
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
  const setFieldError: SetFieldError = (field, message) => showFieldErrors({ [field]: message });
  return (
    <form onSubmit={handleSubmit((input) => onSubmit({ kind: 'create', input }, setFieldError))} noValidate>
      <Stack gap="sm">
        <MonitorFields form={form} />
        <FormButtons
          onCancel={onCancel}
          reset={reset}
          submitting={submitting}
          label="Add Monitor"
          pendingLabel="Adding..."
        />
      </Stack>
    </form>
  );
}

function EditMonitorForm({ monitor, onSubmit, onCancel, submitting = false }: MonitorFormProps & { monitor: Monitor }) {
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
  const setFieldError: SetFieldError = (field, message) => showFieldErrors({ [field]: message });
  return (
    <form onSubmit={handleSubmit((input) => onSubmit({ kind: 'update', input }, setFieldError))} noValidate>
      <Stack gap="sm">
        <MonitorFields form={form} />
        <FormButtons
          onCancel={onCancel}
          reset={reset}
          submitting={submitting}
          label="Save Changes"
          pendingLabel="Saving..."
        />
      </Stack>
    </form>
  );
}

/**
 * The monitor form: name, URL, CSS selectors, ignore selectors, the schedule, the future-events
 * filter and the four channel switches, validated by the shared schemas as the server does.
 */
export function MonitorForm({ monitor, ...props }: MonitorFormProps) {
  return monitor ? <EditMonitorForm monitor={monitor} {...props} /> : <CreateMonitorForm {...props} />;
}

export interface MonitorFormDialogProps {
  opened: boolean;
  /** The monitor to edit; null or absent to add one. */
  monitor?: Monitor | null;
  onClose: () => void;
}

/** 'Add Monitor' / 'Edit Monitor' in a modal: saves, toasts and refreshes the monitoring data. */
export function MonitorFormDialog({ opened, monitor, onClose }: MonitorFormDialogProps) {
  const refresh = useRefreshMonitoring();
  const create = trpc.monitors.create.useMutation({ onSettled: refresh });
  const update = trpc.monitors.update.useMutation({ onSettled: refresh });

  const submit = (submitted: MonitorSubmit, setFieldError: SetFieldError) => {
    const onError = (error: unknown, title: string, fallback: string) => {
      const onField = monitorFieldError(error);
      if (onField) setFieldError(onField.field, onField.message);
      else notifyFailureText(title, serverMessage(error) ?? fallback);
    };
    if (submitted.kind === 'create') {
      create.mutate(submitted.input, {
        onSuccess: (created) => {
          onClose();
          notifySuccess('Monitor Added', `${created.name} will be checked every ${created.scheduleMinutes} minutes.`);
        },
        onError: (error) => onError(error, 'Creation Failed', 'Failed to create monitor. Please try again.'),
      });
    } else {
      update.mutate(submitted.input, {
        onSuccess: (updated) => {
          onClose();
          notifySuccess('Monitor Updated', `${updated.name} was saved.`);
        },
        onError: (error) => onError(error, 'Update Failed', 'Failed to update monitor'),
      });
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={monitor ? 'Edit Monitor' : 'Add Monitor'} size="lg">
      <MonitorForm
        key={monitor?.id ?? 'new'}
        monitor={monitor}
        submitting={create.isPending || update.isPending}
        onCancel={onClose}
        onSubmit={submit}
      />
    </Modal>
  );
}
