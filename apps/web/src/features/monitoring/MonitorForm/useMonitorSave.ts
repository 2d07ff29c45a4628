import { useLingui } from '@lingui/react';
import { notifyFailureText, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { useRefreshMonitoring } from '../MonitoringPanel/useMonitoring';
import type { MonitorSubmit, SetFieldError } from './monitorFormValues';
import { monitorSaveFailure, monitorSavedToast } from './monitorSaveFeedback';

/**
 * Saves what the monitor form hands over: creates or updates, calls `onSaved` and toasts on
 * success, shows a refusal on its field (or toasts it), and refreshes the monitoring data either way.
 */
export function useMonitorSave(onSaved: () => void): {
  submit: (submitted: MonitorSubmit, setFieldError: SetFieldError) => void;
  submitting: boolean;
} {
  const { i18n } = useLingui();
  const refresh = useRefreshMonitoring();
  const create = trpc.monitors.create.useMutation({ onSettled: refresh });
  const update = trpc.monitors.update.useMutation({ onSettled: refresh });

  const submit = (submitted: MonitorSubmit, setFieldError: SetFieldError) => {
    const onSuccess = (saved: { name: string; scheduleMinutes: number }) => {
      onSaved();
      const toast = monitorSavedToast(i18n, submitted.kind, saved);
      notifySuccess(toast.title, toast.message);
    };
    const onError = (error: unknown) => {
      const failure = monitorSaveFailure(i18n, submitted.kind, error);
      if (failure.on === 'field') setFieldError(failure.field, failure.message);
      else notifyFailureText(failure.title, failure.message);
    };
    if (submitted.kind === 'create') create.mutate(submitted.input, { onSuccess, onError });
    else update.mutate(submitted.input, { onSuccess, onError });
  };

  return { submit, submitting: create.isPending || update.isPending };
}
