import { useLingui } from '@lingui/react';
import { useCallback } from 'react';
import { serverMessage } from '../../../lib/errors';
import { notifyFailure, notifyFailureText, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../trpc';
import { checkOutcomeToast, type Monitor, recentChangesInput } from '../monitoring';

/**
 * Refreshes everything a monitor action affects: the monitor list, the changes, health, activity,
 * snapshots and notification history.
 */
export function useRefreshMonitoring(): () => Promise<void> {
  const utils = trpc.useUtils();
  return useCallback(async () => {
    await Promise.all([utils.monitors.invalidate(), utils.monitoring.invalidate(), utils.announcements.invalidate()]);
  }, [utils]);
}

/** The monitor list (not polled: every action that changes it refreshes it). */
export function useMonitorList() {
  return trpc.monitors.list.useQuery();
}

/** The recent changes, newest first; the card and the panel share this one query. */
export function useRecentChanges() {
  return trpc.monitors.changes.useQuery(recentChangesInput);
}

/** 'Check All Monitors' ('Checking...' while pending). */
export function useCheckAllMonitors(): { checkAll: () => void; pending: boolean } {
  const { i18n } = useLingui();
  const refresh = useRefreshMonitoring();
  const mutation = trpc.monitors.checkAll.useMutation({
    onSuccess: (answer) => notifySuccess(i18n._('Monitor Check Complete'), answer.message),
    onError: (error) => notifyFailure(i18n._('Check Failed'), error, i18n._('Failed to check the monitors.')),
    onSettled: refresh,
  });
  return { checkAll: () => mutation.mutate(), pending: mutation.isPending };
}

/** Creates the school's monitors ('Setting up...' while pending). */
export function useSetupSchoolMonitors(): { setup: () => void; pending: boolean } {
  const { i18n } = useLingui();
  const refresh = useRefreshMonitoring();
  // The web client sends no slug: the server knows its school (the slug is only the REST route's suffix).
  const mutation = trpc.monitors.setupSchool.useMutation({
    onSuccess: (answer) => notifySuccess(i18n._('Monitors Setup Complete'), answer.message),
    onError: (error) => notifyFailure(i18n._('Setup Failed'), error, i18n._('Failed to set up the school monitors.')),
    onSettled: refresh,
  });
  return { setup: () => mutation.mutate({}), pending: mutation.isPending };
}

export interface MonitorActions {
  recheck: (monitor: Monitor) => void;
  /** The id of the monitor being rechecked, if any. */
  checkingId: number | null;
  setEmailNotifications: (monitor: Monitor, enabled: boolean) => void;
  setPaused: (monitor: Monitor, paused: boolean) => void;
  /** The id of the monitor being updated (email switch, pause or resume), if any. */
  updatingId: number | null;
  remove: (monitor: Monitor, onDone?: () => void) => void;
  deletingId: number | null;
}

// The id schema coerces, so a mutation's variables type its id loosely.
const idOf = (id: unknown): number | null => (typeof id === 'number' ? id : null);

/** Recheck, the email switch, pause / resume and delete, each with its toast. */
export function useMonitorActions(): MonitorActions {
  const { i18n } = useLingui();
  const utils = trpc.useUtils();
  const refresh = useRefreshMonitoring();

  const check = trpc.monitors.check.useMutation({
    onSuccess: (answer) => {
      const toast = checkOutcomeToast(i18n, answer.outcome, answer.monitor.name);
      if (toast.destructive) notifyFailureText(toast.title, toast.message);
      else notifySuccess(toast.title, toast.message);
    },
    onError: (error) => notifyFailure(i18n._('Check Failed'), error, i18n._('Failed to check the monitor.')),
    onSettled: refresh,
  });

  const update = trpc.monitors.update.useMutation({
    onSuccess: (updated) => {
      // Show the new state at once; the refresh below brings the rest along.
      utils.monitors.list.setData(undefined, (list) => list?.map((m) => (m.id === updated.id ? updated : m)));
    },
    onError: (error) =>
      notifyFailureText(i18n._('Update Failed'), serverMessage(error) ?? i18n._('Failed to update monitor')),
    onSettled: refresh,
  });

  const remove = trpc.monitors.delete.useMutation({
    onError: (error) =>
      notifyFailure(i18n._('Deletion Failed'), error, i18n._('Failed to delete monitor. Please try again.')),
    onSettled: refresh,
  });

  return {
    recheck: (monitor) => check.mutate({ id: monitor.id }),
    checkingId: check.isPending ? idOf(check.variables?.id) : null,
    setEmailNotifications: (monitor, enabled) =>
      update.mutate(
        { id: monitor.id, emailNotifications: enabled },
        {
          onSuccess: () =>
            notifySuccess(
              i18n._('Monitor Updated'),
              enabled
                ? i18n._('Email notifications turned on for {name}.', { name: monitor.name })
                : i18n._('Email notifications turned off for {name}.', { name: monitor.name }),
            ),
        },
      ),
    setPaused: (monitor, paused) =>
      update.mutate(
        { id: monitor.id, status: paused ? 'paused' : 'active' },
        {
          onSuccess: () =>
            notifySuccess(
              paused ? i18n._('Monitor Paused') : i18n._('Monitor Resumed'),
              paused
                ? i18n._('{name} will not be checked until it is resumed.', { name: monitor.name })
                : i18n._('{name} is checked again.', { name: monitor.name }),
            ),
        },
      ),
    updatingId: update.isPending ? idOf(update.variables?.id) : null,
    remove: (monitor, onDone) =>
      remove.mutate(
        { id: monitor.id },
        {
          onSuccess: () => {
            notifySuccess(i18n._('Monitor Deleted'), i18n._('{name} is no longer monitored.', { name: monitor.name }));
            onDone?.();
          },
        },
      ),
    deletingId: remove.isPending ? idOf(remove.variables?.id) : null,
  };
}
