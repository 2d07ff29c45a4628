import type { I18n } from '@lingui/core';
import { apiIssues, serverMessage } from '../../../lib/errors';
import { isUrlRefusal } from '../monitoring';
import { isMonitorField, type MonitorField, type MonitorSubmit } from './monitorFormValues';

/**
 * The field a server refusal belongs on, if any: the url rules (a refusal whose field is 'url') and
 * any validation issue that names a form field.
 */
export function monitorFieldError(error: unknown): { field: MonitorField; message: string } | null {
  const message = serverMessage(error);
  if (message !== null && isUrlRefusal(error)) return { field: 'url', message };
  for (const issue of apiIssues(error)) {
    const field = issue.path.split('.')[0] ?? '';
    if (isMonitorField(field)) return { field, message: issue.message };
  }
  return null;
}

/** A toast's title and text. */
export interface MonitorToast {
  title: string;
  message: string;
}

/** How a failed save reaches the user: on the field it is about, or else as a red toast. */
export type MonitorSaveFailure =
  { on: 'field'; field: MonitorField; message: string } | { on: 'toast'; title: string; message: string };

const failureToasts: Record<MonitorSubmit['kind'], { title: string; fallback: string }> = {
  create: { title: /*i18n*/ 'Creation Failed', fallback: /*i18n*/ 'Failed to create monitor. Please try again.' },
  update: { title: /*i18n*/ 'Update Failed', fallback: /*i18n*/ 'Failed to update monitor' },
};

/** A refused create or update: on its field when it names one, else a toast with the server's sentence. */
export function monitorSaveFailure(i18n: I18n, kind: MonitorSubmit['kind'], error: unknown): MonitorSaveFailure {
  const onField = monitorFieldError(error);
  if (onField) return { on: 'field', ...onField };
  const { title, fallback } = failureToasts[kind];
  return { on: 'toast', title: i18n._(title), message: serverMessage(error) ?? i18n._(fallback) };
}

/** The toast after a save: 'Monitor Added' with its schedule, or 'Monitor Updated'. */
export function monitorSavedToast(
  i18n: I18n,
  kind: MonitorSubmit['kind'],
  monitor: { name: string; scheduleMinutes: number },
): MonitorToast {
  const { name, scheduleMinutes: minutes } = monitor;
  return kind === 'create'
    ? {
        title: i18n._('Monitor Added'),
        message: i18n._(
          '{minutes, plural, one {{name} will be checked every {minutes} minute.} other {{name} will be checked every {minutes} minutes.}}',
          { name, minutes },
        ),
      }
    : { title: i18n._('Monitor Updated'), message: i18n._('{name} was saved.', { name }) };
}
